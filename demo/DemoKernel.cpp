//===- DemoKernel.cpp -----------------------------------------------------===//
#include "demo/DemoKernel.h"

namespace wf::demo {

rt::Kernel loadForthKernel(rt::Device &dev, const std::string &path,
                           const CompileOptions &options) {
  std::string source;
  if (!readSourceFile(path, source))
    throw rt::Error("cannot read " + path);
  if (dev.kind() == rt::DeviceKind::GPU) {
    CompileResult r = compile(path, source, EmitKind::PTX, options);
    if (!r.ok)
      throw rt::Error(r.diagnostics);
    return dev.loadPTX(r.output);
  }
  std::string diagnostics;
  std::shared_ptr<HostKernel> host =
      compileForHost(path, source, options, diagnostics);
  if (!host)
    throw rt::Error(diagnostics);
  return dev.loadHost(host->entry(), host->signature(), host);
}

rt::DeviceKind parseDeviceKind(const std::string &name) {
  if (name == "gpu")
    return rt::DeviceKind::GPU;
  if (name == "cpu")
    return rt::DeviceKind::CPU;
  return rt::DeviceKind::Auto;
}

} // namespace wf::demo
