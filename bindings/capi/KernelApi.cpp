//===- KernelApi.cpp - C API: compiling, signatures and launches ----------===//
#include "bindings/capi/Handles.h"
#include "compiler/driver/Compiler.h"
#include "compiler/driver/Defines.h"
#include "bindings/load/LoadKernel.h"

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>

using wf::capi::guarded;
using wf::capi::require;
using wf::capi::toElemType;
namespace rt = wf::rt;

// wf_kernel_launch_packed's layout: Python packs these with struct.
static_assert(sizeof(wf_launch_config) == 40 &&
                  offsetof(wf_launch_config, shared_bytes) == 24 &&
                  offsetof(wf_launch_config, stream) == 32,
              "wf_launch_config is '<3I3IQQ'");
static_assert(sizeof(wf_arg) == 40 && offsetof(wf_arg, addr) == 8 &&
                  offsetof(wf_arg, f) == 32,
              "wf_arg is '<iiQQqd'");

static_assert(static_cast<int>(rt::ElemType::I8) == WF_TYPE_I8 &&
                  static_cast<int>(rt::ElemType::F32) == WF_TYPE_F32 &&
                  static_cast<int>(rt::ElemType::F64) == WF_TYPE_F64,
              "wf_elem_type must follow wf::rt::ElemType");

namespace {

wf::CompileOptions compileOptions(const wf_compile_options *o) {
  wf::CompileOptions c;
  if (!o)
    return c;
  if (o->arch && *o->arch)
    c.arch = o->arch;
  if (o->opt_level > 0)
    c.optLevel = o->opt_level;
  if (o->float_mode == WF_FLOAT_F32)
    c.floatMode = wf::FloatMode::F32;
  else if (o->float_mode == WF_FLOAT_F64)
    c.floatMode = wf::FloatMode::F64;
  else if (o->float_mode != WF_FLOAT_DEFAULT)
    throw rt::Error("float mode " + std::to_string(o->float_mode) +
                    ": expected 0 (default), 1 (f32) or 2 (f64)");
  c.lineInfo = o->line_info != 0;
  c.checkBounds = o->check_bounds != 0;
  c.warningsAsErrors = o->werror != 0;
  c.sanitize = o->sanitize != 0;
  for (size_t i = 0; i < o->num_defines; ++i) {
    require(o->defines[i], "a define");
    // The same rule as -D (compiler/driver/Defines.h): NAME alone is 1.
    if (std::optional<std::string> error =
            wf::addDefine(c.defines, o->defines[i]))
      throw rt::Error(*error);
  }
  for (size_t i = 0; i < o->num_include_dirs; ++i) {
    require(o->include_dirs[i], "an include dir");
    c.includeDirs.push_back(o->include_dirs[i]);
  }
  return c;
}

wf_kernel *compileAndLoad(wf_device *dev, const std::string &path,
                          const std::string &source,
                          const wf_compile_options *opts) {
  wf::LoadedKernel loaded =
      wf::compileAndLoad(dev->device, path, source, compileOptions(opts));
  auto k = std::make_unique<wf_kernel>();
  k->device = dev->device;
  k->kernel = std::move(loaded.kernel);
  k->ptx = std::move(loaded.ptx);
  k->signatureText = std::move(loaded.signature);
  k->warnings = std::move(loaded.warnings);
  return k.release();
}

rt::LaunchConfig launchConfig(const wf_launch_config *cfg) {
  require(cfg, "launch config");
  rt::LaunchConfig c;
  c.grid = {cfg->grid[0], cfg->grid[1], cfg->grid[2]};
  c.block = {cfg->block[0], cfg->block[1], cfg->block[2]};
  c.dynamicSharedBytes = cfg->shared_bytes;
  c.stream = cfg->stream;
  if (double t = wf::capi::threadLaunchTimeout(); t >= 0)
    c.timeout = t;
  return c;
}

std::vector<rt::Arg> launchArgs(const wf_arg *args, size_t n) {
  if (n > 0)
    require(args, "args");
  std::vector<rt::Arg> out;
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    const wf_arg &a = args[i];
    std::optional<rt::ElemType> type = toElemType(a.type);
    if (!type && a.type != WF_TYPE_NONE)
      throw rt::Error("argument " + std::to_string(i) + ": element type " +
                      std::to_string(a.type) + " is not a wf_elem_type");
    switch (a.kind) {
    case WF_ARG_BUFFER:
      out.push_back(rt::Arg::buf({a.addr, a.bytes}, type));
      break;
    case WF_ARG_INT:
      out.push_back(rt::Arg::integer(a.i, type));
      break;
    case WF_ARG_FLOAT:
      out.push_back(rt::Arg::real(a.f, type));
      break;
    default:
      throw rt::Error("argument " + std::to_string(i) + ": kind " +
                      std::to_string(a.kind) + " is not a wf_arg_kind");
    }
  }
  return out;
}

const rt::ParamDecl *param(const wf_kernel *k, int i) {
  if (!k || i < 0 ||
      static_cast<size_t>(i) >= k->kernel.signature().params.size())
    return nullptr;
  return &k->kernel.signature().params[i];
}

} // namespace

extern "C" {

wf_kernel *wf_kernel_compile_file(wf_device *dev, const char *path,
                                  const wf_compile_options *opts) {
  return guarded<wf_kernel *>(nullptr, [&] {
    require(dev, "device");
    require(path, "path");
    std::string source, error;
    if (!wf::readSourceFile(path, source, error))
      throw rt::Error(error);
    return compileAndLoad(dev, path, source, opts);
  });
}

wf_kernel *wf_kernel_compile_source(wf_device *dev, const char *name,
                                    const char *source,
                                    const wf_compile_options *opts) {
  return guarded<wf_kernel *>(nullptr, [&] {
    require(dev, "device");
    require(source, "source");
    return compileAndLoad(dev, name ? name : "<source>", source, opts);
  });
}

wf_kernel *wf_kernel_load_ptx(wf_device *dev, const char *ptx) {
  return guarded<wf_kernel *>(nullptr, [&] {
    require(dev, "device");
    require(ptx, "ptx");
    auto k = std::make_unique<wf_kernel>();
    k->device = dev->device;
    k->kernel = dev->device.loadPTX(ptx);
    k->ptx = ptx;
    k->signatureText = rt::formatSignature(k->kernel.signature());
    return k.release();
  });
}

char *wf_compile_to_ptx(const char *name, const char *source,
                        const wf_compile_options *opts) {
  return guarded<char *>(nullptr, [&] {
    require(source, "source");
    wf::CompileResult r = wf::compilePTX(name ? name : "<source>", source,
                                         compileOptions(opts));
    if (!r.ok)
      throw rt::Error(r.diagnostics);
    // malloc, so that wf_string_free (free) can release it from any caller.
    char *out = static_cast<char *>(std::malloc(r.output.size() + 1));
    if (!out)
      throw std::bad_alloc();
    std::memcpy(out, r.output.c_str(), r.output.size() + 1);
    return out;
  });
}

void wf_string_free(char *s) { std::free(s); }

void wf_kernel_release(wf_kernel *k) { delete k; }

const char *wf_kernel_name(const wf_kernel *k) {
  return k ? k->kernel.name().c_str() : "";
}

const char *wf_kernel_signature(const wf_kernel *k) {
  return k ? k->signatureText.c_str() : "";
}

const char *wf_kernel_warnings(const wf_kernel *k) {
  return k ? k->warnings.c_str() : "";
}

const char *wf_kernel_ptx(const wf_kernel *k) {
  return k ? k->ptx.c_str() : "";
}

int wf_kernel_float_type(const wf_kernel *k) {
  if (!k || !k->kernel.signature().floatType)
    return WF_TYPE_NONE;
  return static_cast<int>(*k->kernel.signature().floatType);
}

int64_t wf_kernel_shared_bytes(const wf_kernel *k) {
  return k ? k->kernel.signature().sharedBytes : -1;
}

int wf_kernel_num_params(const wf_kernel *k) {
  return k ? static_cast<int>(k->kernel.signature().params.size()) : -1;
}

const char *wf_kernel_param_name(const wf_kernel *k, int i) {
  const rt::ParamDecl *p = param(k, i);
  return p ? p->name.c_str() : nullptr;
}

int wf_kernel_param_is_array(const wf_kernel *k, int i) {
  const rt::ParamDecl *p = param(k, i);
  return p ? (p->isArray ? 1 : 0) : -1;
}

int wf_kernel_param_type(const wf_kernel *k, int i) {
  const rt::ParamDecl *p = param(k, i);
  return p ? static_cast<int>(p->type) : WF_TYPE_NONE;
}

const char *wf_kernel_param_size(const wf_kernel *k, int i) {
  const rt::ParamDecl *p = param(k, i);
  return p ? p->size.c_str() : nullptr;
}

int wf_kernel_const(const wf_kernel *k, const char *name, int64_t *value) {
  if (!k || !name)
    return -1;
  const auto &consts = k->kernel.signature().consts;
  auto it = consts.find(name);
  if (it == consts.end())
    return -1;
  if (value)
    *value = it->second;
  return 0;
}

int wf_kernel_launch(const wf_kernel *k, const wf_launch_config *cfg,
                     const wf_arg *args, size_t num_args) {
  return guarded(-1, [&] {
    require(k, "kernel");
    k->kernel.launch(launchConfig(cfg), launchArgs(args, num_args));
    return 0;
  });
}

int wf_kernel_run(const wf_kernel *k, const wf_launch_config *cfg,
                  const wf_arg *args, size_t num_args) {
  return guarded(-1, [&] {
    require(k, "kernel");
    k->kernel.run(launchConfig(cfg), launchArgs(args, num_args));
    return 0;
  });
}

int wf_kernel_launch_packed(const wf_kernel *k, const void *packed,
                            size_t num_args, int wait) {
  return guarded(-1, [&] {
    require(k, "kernel");
    require(packed, "packed");
    // Copied out: the buffer (a Python bytes object) need not be aligned.
    wf_launch_config cfg;
    std::memcpy(&cfg, packed, sizeof cfg);
    std::vector<wf_arg> args(num_args);
    if (num_args)
      std::memcpy(args.data(),
                  static_cast<const char *>(packed) + sizeof cfg,
                  num_args * sizeof(wf_arg));
    if (wait)
      k->kernel.run(launchConfig(&cfg), launchArgs(args.data(), num_args));
    else
      k->kernel.launch(launchConfig(&cfg), launchArgs(args.data(), num_args));
    return 0;
  });
}

int wf_kernel_time(const wf_kernel *k, const wf_launch_config *cfg,
                   const wf_arg *args, size_t num_args, double *micros) {
  return guarded(-1, [&] {
    require(k, "kernel");
    require(micros, "micros");
    *micros = k->kernel.time(launchConfig(cfg), launchArgs(args, num_args));
    return 0;
  });
}

} // extern "C"
