//===- LoadKernel.cpp -----------------------------------------------------===//
#include "bindings/load/LoadKernel.h"

#include <memory>

namespace wf {

LoadedKernel compileAndLoad(rt::Device &dev, const std::string &path,
                            const std::string &source,
                            const CompileOptions &options) {
  LoadedKernel out;
  if (dev.kind() == rt::DeviceKind::GPU) {
    CompileResult r = compile(path, source, EmitKind::PTX, options);
    if (!r.ok)
      throw CompileError(r.diagnostics);
    out.kernel = dev.loadPTX(r.output);
    out.ptx = std::move(r.output);
    out.signature = std::move(r.signature);
    return out;
  }
  std::string diagnostics;
  std::shared_ptr<HostKernel> host =
      compileForHost(path, source, options, diagnostics);
  if (!host)
    throw CompileError(diagnostics);
  // The kernel holds `host` (the JIT session) for as long as it lives.
  out.kernel = dev.loadHost(host->entry(), host->signature(), host);
  out.signature = host->signature();
  return out;
}

LoadedKernel compileFileAndLoad(rt::Device &dev, const std::string &path,
                                const CompileOptions &options) {
  std::string source;
  if (!readSourceFile(path, source))
    throw rt::Error("cannot read '" + path + "'");
  return compileAndLoad(dev, path, source, options);
}

} // namespace wf
