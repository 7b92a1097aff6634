//===- Handles.h - What the C API's opaque handles hold -------------------===//
//
// Private to bindings/capi: the structs behind wf_device and wf_kernel, and
// the guard that turns every C++ exception into a return code plus the
// thread's last-error text.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CAPI_HANDLES_H
#define WARPFORTH_RUNTIME_CAPI_HANDLES_H

#include "bindings/capi/warpforth_c.h"
#include "runtime/Runtime.h"

#include <map>
#include <new>
#include <optional>
#include <string>

struct wf_device {
  wf::rt::Device device;
  std::string name;
  /// Memory from wf_alloc by address: wf_free and the copies need the
  /// Buffer's size, which C callers should not have to carry around.
  std::map<uint64_t, wf::rt::Buffer> allocations;
};

struct wf_kernel {
  wf::rt::Device device;
  wf::rt::Kernel kernel;
  std::string signatureText;
  std::string ptx;
  std::string warnings; ///< the compiler's, rendered (wf_kernel_warnings)
};

namespace wf::capi {

/// `kind`: a WF_ERROR_* code.
void setLastError(const std::string &message, int kind = WF_ERROR_OTHER);
void clearLastError();
/// This thread's wf_set_launch_timeout (negative: unset).
double threadLaunchTimeout();

/// Runs `body`; any exception becomes `onError` and the last-error text.
template <typename T, typename F> T guarded(T onError, F &&body) noexcept {
  try {
    clearLastError();
    return body();
  } catch (const wf::rt::LaunchStopped &e) {
    setLastError(e.what(), e.reason() == wf::rt::LaunchStopped::Reason::Timeout
                               ? WF_ERROR_TIMEOUT
                               : WF_ERROR_INTERRUPTED);
  } catch (const std::bad_alloc &) {
    setLastError("out of host memory");
  } catch (const std::exception &e) {
    setLastError(e.what());
  } catch (...) {
    setLastError("unknown C++ exception");
  }
  return onError;
}

/// A wf_elem_type as the runtime's type; nullopt for WF_TYPE_NONE and
/// anything out of range. The C enum follows wf::rt::ElemType's order.
inline std::optional<wf::rt::ElemType> toElemType(int type) {
  if (type < WF_TYPE_I8 || type > WF_TYPE_F64)
    return std::nullopt;
  return static_cast<wf::rt::ElemType>(type);
}

/// Throws wf::rt::Error when a required pointer argument is null.
void require(const void *pointer, const char *what);

} // namespace wf::capi

#endif
