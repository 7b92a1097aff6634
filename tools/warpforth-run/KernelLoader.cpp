#include "tools/warpforth-run/KernelLoader.h"

#ifdef WARPFORTH_HAVE_COMPILER
#include "compiler/driver/Compiler.h"
#endif

#include <fstream>
#include <iterator>

namespace wf::run {

namespace {

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw rt::Error("cannot read '" + path + "'");
  return std::string((std::istreambuf_iterator<char>(in)),
                     std::istreambuf_iterator<char>());
}

#ifdef WARPFORTH_HAVE_COMPILER
CompileOptions compileOptions(const RunOptions &o) {
  CompileOptions c;
  if (o.arch)
    c.arch = *o.arch;
  for (const std::string &d : o.defines) {
    size_t eq = d.find('=');
    // -D NAME alone defines NAME as 1, as a C compiler would.
    if (eq == std::string::npos)
      c.defines[d] = "1";
    else
      c.defines[d.substr(0, eq)] = d.substr(eq + 1);
  }
  c.includeDirs = o.includeDirs;
  c.checkBounds = o.checkBounds;
  if (o.floatMode) {
    if (*o.floatMode == "f32")
      c.floatMode = FloatMode::F32;
    else if (*o.floatMode == "f64")
      c.floatMode = FloatMode::F64;
    else
      throw rt::Error("--float '" + *o.floatMode + "': expected f32 or f64");
  }
  return c;
}

rt::Kernel compileAndLoad(const RunOptions &o, const std::string &source,
                          rt::Device &dev) {
  CompileOptions c = compileOptions(o);
  if (dev.kind() == rt::DeviceKind::GPU) {
    CompileResult r = compile(o.input, source, EmitKind::PTX, c);
    if (!r.ok)
      throw CompileError(r.diagnostics);
    return dev.loadPTX(r.output);
  }
  std::string diagnostics;
  std::unique_ptr<HostKernel> host =
      compileForHost(o.input, source, c, diagnostics);
  if (!host)
    throw CompileError(diagnostics);
  // The kernel keeps the JIT'd code alive through its keep-alive handle.
  std::shared_ptr<HostKernel> owner(std::move(host));
  return dev.loadHost(owner->entry(), owner->signature(), owner);
}
#endif

} // namespace

LoadedKernel loadKernel(const RunOptions &o) {
  rt::DeviceKind want = parseDeviceKind(o.device);
  bool isPtx = endsWith(o.input, ".ptx");
  if (isPtx && want == rt::DeviceKind::CPU)
    throw rt::Error("'" + o.input +
                    "' is PTX, which runs only on the GPU; give the .forth "
                    "source to run on the CPU");
#ifndef WARPFORTH_HAVE_COMPILER
  if (!isPtx)
    throw rt::Error("this warpforth-run was built without the compiler "
                    "(WARPFORTH_BUILD_COMPILER=OFF): give it a .ptx file, "
                    "e.g. from warpforthc");
#endif
  // Reading the input first makes a missing file the error, not the GPU.
  std::string text;
#ifdef WARPFORTH_HAVE_COMPILER
  if (!isPtx && !readSourceFile(o.input, text))
    throw rt::Error("cannot read '" + o.input + "'");
#endif
  if (isPtx)
    text = readFile(o.input);

  LoadedKernel out;
  // PTX needs the GPU even when --device is auto.
  out.device = rt::Device::open(isPtx ? rt::DeviceKind::GPU : want);
  if (isPtx)
    out.kernel = out.device.loadPTX(text);
#ifdef WARPFORTH_HAVE_COMPILER
  else
    out.kernel = compileAndLoad(o, text, out.device);
#endif
  if (o.kernelName && *o.kernelName != out.kernel.name())
    throw rt::Error("--kernel '" + *o.kernelName + "': '" + o.input +
                    "' holds kernel '" + out.kernel.name() + "'");
  return out;
}

} // namespace wf::run
