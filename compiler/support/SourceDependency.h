//===- SourceDependency.h - What a compilation read besides its source ----===//
#ifndef WARPFORTH_COMPILER_SUPPORT_SOURCEDEPENDENCY_H
#define WARPFORTH_COMPILER_SUPPORT_SOURCEDEPENDENCY_H

#include <string>

namespace wf {

/// A file INCLUDE read (its path as looked up, and its contents), or a path
/// INCLUDE looked at and found nothing (`exists` false). A cached result
/// (bindings/load/CompileCache.h) stays valid while each one is still so.
struct SourceDependency {
  std::string path;
  bool exists = true;
  std::string contents;
};

} // namespace wf

#endif
