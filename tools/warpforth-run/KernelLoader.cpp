#include "tools/warpforth-run/KernelLoader.h"

#ifdef WARPFORTH_HAVE_COMPILER
#include "bindings/load/LoadKernel.h"
#include "compiler/driver/Defines.h"
#endif

#include "common/FileIO.h"

namespace wf::run {

namespace {

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// PTX from warpforthc is a few MiB at most.
constexpr uint64_t kMaxPtxBytes = 256 << 20;

#ifdef WARPFORTH_HAVE_COMPILER
CompileOptions compileOptions(const RunOptions &o, const rt::Device &dev) {
  CompileOptions c;
  // Without --arch, the GPU's own (Hopper words need sm_90).
  if (o.arch)
    c.arch = *o.arch;
  else if (!dev.arch().empty())
    c.arch = dev.arch();
  for (const std::string &d : o.defines)
    if (std::optional<std::string> error = addDefine(c.defines, d))
      throw rt::Error(*error);
  c.includeDirs = o.includeDirs;
  c.checkBounds = o.checkBounds;
  c.warningsAsErrors = o.warningsAsErrors;
  c.sanitize = o.sanitize;
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
                          rt::Device &dev, std::string &warnings) {
  try {
    wf::LoadedKernel loaded =
        wf::compileAndLoad(dev, o.input, source, compileOptions(o, dev));
    warnings = std::move(loaded.warnings);
    return std::move(loaded.kernel);
  } catch (const wf::CompileError &e) {
    throw CompileError(e.what());
  }
}
#endif

} // namespace

LoadedKernel loadKernel(const RunOptions &o) {
  rt::DeviceKind want = rt::parseDeviceKind(o.device, "--device");
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
  std::string readError;
  if (!isPtx && !readSourceFile(o.input, text, readError))
    throw rt::Error(readError);
#endif
  if (isPtx)
    text = rt::readRegularFile(o.input, kMaxPtxBytes, "PTX files");

  LoadedKernel out;
  // PTX needs the GPU even when --device is auto.
  out.device = rt::Device::open(isPtx ? rt::DeviceKind::GPU : want);
  if (isPtx)
    out.kernel = out.device.loadPTX(text);
#ifdef WARPFORTH_HAVE_COMPILER
  else
    out.kernel = compileAndLoad(o, text, out.device, out.warnings);
#endif
  if (o.kernelName && *o.kernelName != out.kernel.name())
    throw rt::Error("--kernel '" + *o.kernelName + "': '" + o.input +
                    "' holds kernel '" + out.kernel.name() + "'");
  return out;
}

} // namespace wf::run
