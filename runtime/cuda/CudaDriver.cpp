#include "runtime/cuda/CudaDriver.h"

#include "common/Error.h"

#include <dlfcn.h>

namespace wf::rt::cuda {

namespace {

#define WF_STR(x) #x
#define WF_XSTR(x) WF_STR(x)

// Looks up the versioned name cuda.h maps to (`mapped`), falling back to
// the plain one for drivers older than the header: e.g. cuEventElapsedTime
// maps to cuEventElapsedTime_v2, which only newer drivers export.
void *lookup(void *lib, const char *mapped, const char *plain) {
  if (void *p = dlsym(lib, mapped))
    return p;
  return dlsym(lib, plain);
}

struct Loaded {
  Driver driver;
  std::string error; // set when loading failed
};

Loaded load() {
  Loaded out;
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    lib = dlopen("libcuda.so", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    out.error = "no CUDA driver found (libcuda.so.1 not loadable)";
    return out;
  }
  Driver &d = out.driver;
#define WF_CUDA_LOAD(name)                                                     \
  d.name =                                                                     \
      reinterpret_cast<decltype(d.name)>(lookup(lib, WF_XSTR(name), #name));   \
  if (!d.name) {                                                               \
    out.error = "CUDA driver too old: it lacks " WF_XSTR(name);                \
    return out;                                                                \
  }
  WF_CUDA_FUNCTIONS(WF_CUDA_LOAD)
#undef WF_CUDA_LOAD
#define WF_CUDA_LOAD_OPTIONAL(name)                                            \
  d.name =                                                                     \
      reinterpret_cast<decltype(d.name)>(lookup(lib, WF_XSTR(name), #name));
  WF_CUDA_OPTIONAL_FUNCTIONS(WF_CUDA_LOAD_OPTIONAL)
#undef WF_CUDA_LOAD_OPTIONAL
  // The library stays loaded for the life of the process.
  CUresult r = d.cuInit(0);
  if (r == CUDA_ERROR_NO_DEVICE)
    out.error = "no CUDA device";
  else if (r != CUDA_SUCCESS)
    out.error = "CUDA driver failed to start: " + d.describe(r);
  return out;
}

} // namespace

std::string Driver::describe(CUresult result) const {
  const char *name = nullptr;
  const char *text = nullptr;
  if (cuGetErrorName)
    cuGetErrorName(result, &name);
  if (cuGetErrorString)
    cuGetErrorString(result, &text);
  std::string s = name ? name : "CUDA error " + std::to_string(int(result));
  if (text)
    s += std::string(": ") + text;
  return s;
}

const Driver &driver() {
  static const Loaded loaded = load();
  if (!loaded.error.empty())
    throw Error(loaded.error);
  return loaded.driver;
}

void check(CUresult result, const std::string &what) {
  if (result != CUDA_SUCCESS)
    throw Error(what + ": " + driver().describe(result));
}

void check(CUresult result, const char *what) {
  if (result != CUDA_SUCCESS)
    check(result, std::string(what));
}

} // namespace wf::rt::cuda
