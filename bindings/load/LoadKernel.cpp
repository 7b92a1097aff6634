//===- LoadKernel.cpp -----------------------------------------------------===//
#include "bindings/load/LoadKernel.h"
#include "bindings/load/CompileCache.h"

#include <cstdlib>
#include <memory>

namespace wf {

CompileResult compilePTX(const std::string &path, const std::string &source,
                         const CompileOptions &options) {
  bool caching = !cache::directory().empty();
  std::string key;
  if (caching) {
    key = cache::key(cache::gpuTarget(), path, source, options);
    if (std::optional<cache::Sections> hit = cache::load(key)) {
      auto ptx = hit->find("ptx"), sig = hit->find("signature");
      if (ptx != hit->end() && sig != hit->end()) {
        CompileResult r;
        r.ok = true;
        r.output = std::move(ptx->second);
        r.signature = std::move(sig->second);
        r.diagnostics = (*hit)["diagnostics"];
        return r;
      }
    }
  }
  CompileResult r = compile(path, source, EmitKind::PTX, options);
  if (caching && r.ok)
    cache::store(key, r.dependencies,
                 {{"ptx", r.output},
                  {"signature", r.signature},
                  {"diagnostics", r.diagnostics}});
  return r;
}

namespace {

std::shared_ptr<HostKernel> hostKernel(const std::string &path,
                                       const std::string &source,
                                       const CompileOptions &options,
                                       std::string &warnings) {
  bool caching = !cache::directory().empty();
  std::string key;
  if (caching) {
    key = cache::key(cache::hostTarget(), path, source, options);
    if (std::optional<cache::Sections> hit = cache::load(key)) {
      auto obj = hit->find("object"), sig = hit->find("signature");
      if (obj != hit->end() && sig != hit->end()) {
        std::string error;
        if (std::unique_ptr<HostKernel> k =
                loadHostObject(obj->second, sig->second, error)) {
          warnings = (*hit)["diagnostics"];
          return k;
        }
        // An object this JIT cannot link: compile again (and replace it).
      }
    }
  }
  std::string diagnostics;
  HostBuild build;
  std::shared_ptr<HostKernel> host = compileForHost(
      path, source, options, diagnostics, caching ? &build : nullptr);
  if (!host)
    throw CompileError(diagnostics);
  warnings = diagnostics;
  if (caching && !build.object.empty())
    cache::store(key, build.dependencies,
                 {{"object", build.object},
                  {"signature", host->signature()},
                  {"diagnostics", diagnostics}});
  return host;
}

} // namespace

bool sanitizeFromEnvironment() {
  const char *v = std::getenv("WARPFORTH_SANITIZE");
  return v && *v && std::string(v) != "0";
}

LoadedKernel compileAndLoad(rt::Device &dev, const std::string &path,
                            const std::string &source,
                            const CompileOptions &options) {
  LoadedKernel out;
  if (dev.kind() == rt::DeviceKind::GPU) {
    // WARPFORTH_LINEINFO=1 compiles every GPU kernel of the process with
    // line info (warpforthc --lineinfo), so that compute-sanitizer and
    // Nsight Compute name the Forth source lines of the ops' kernels.
    CompileOptions gpuOptions = options;
    const char *lines = std::getenv("WARPFORTH_LINEINFO");
    if (lines && *lines && std::string(lines) != "0")
      gpuOptions.lineInfo = true;
    CompileResult r = compilePTX(path, source, gpuOptions);
    if (!r.ok)
      throw CompileError(r.diagnostics);
    out.kernel = dev.loadPTX(r.output);
    out.ptx = std::move(r.output);
    out.signature = std::move(r.signature);
    out.warnings = std::move(r.diagnostics);
    return out;
  }
  // WARPFORTH_SANITIZE=1 sanitizes every CPU launch of the process (the
  // tools, the C API and so Python's ops), as --sanitize does one kernel.
  CompileOptions hostOptions = options;
  if (sanitizeFromEnvironment())
    hostOptions.sanitize = true;
  std::shared_ptr<HostKernel> host =
      hostKernel(path, source, hostOptions, out.warnings);
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
