//===- DemoKernel.h - Compile a demo kernel for the device at hand --------===//
#ifndef WARPFORTH_DEMO_DEMOKERNEL_H
#define WARPFORTH_DEMO_DEMOKERNEL_H

#include "compiler/driver/Compiler.h"
#include "runtime/Runtime.h"

#include <string>

namespace wf::demo {

/// Compiles the .forth file at `path` to PTX (GPU) or host code (CPU) and
/// loads it on `dev`. Throws rt::Error with the compiler's diagnostics.
rt::Kernel loadForthKernel(rt::Device &dev, const std::string &path,
                           const CompileOptions &options);

/// "gpu", "cpu", "auto" to a device kind.
rt::DeviceKind parseDeviceKind(const std::string &name);

} // namespace wf::demo

#endif
