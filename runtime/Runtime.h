//===- Runtime.h - Everything a program needs to run WarpForth kernels ----===//
//
// The one header to include: devices and kernels (Device.h), launch types
// (Launch.h), errors (Error.h) and the kernel signature (KernelSignature.h).
// docs/runtime.md has a complete example.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_RUNTIME_H
#define WARPFORTH_RUNTIME_RUNTIME_H

#include "common/Error.h"
#include "common/KernelSignature.h"
#include "runtime/Device.h"
#include "runtime/Launch.h"

#endif
