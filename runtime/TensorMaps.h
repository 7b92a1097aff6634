//===- TensorMaps.h - The tensor maps of a launch ('\! tmap' params) ------===//
//
// A '\! tmap A bf16[M,K] box 64,64 swizzle 128' param is an array the
// launch passes like any other; the runtime turns it into a tensor map for
// the TMA words: a CUtensorMap (cuTensorMapEncodeTiled) on the GPU, a
// WfTensorMap (common/HostABI.h) on the CPU. Both start from the same
// description, built and checked here against cuTensorMapEncodeTiled's
// rules, so the CPU refuses what the GPU would.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_TENSORMAPS_H
#define WARPFORTH_RUNTIME_TENSORMAPS_H

#include "common/HostABI.h"
#include "common/KernelSignature.h"

#include <cstdint>
#include <vector>

namespace wf::rt {

/// One tensor map of a launch: its param and its description (dims,
/// strides and box innermost first; `desc.base` the buffer's address, on
/// the GPU a device address; `desc.name` the param's name).
struct LaunchTensorMap {
  size_t param = 0;
  WfTensorMap desc{};
};

/// The tensor maps of a launch with these slots (marshalArgs's: a buffer's
/// address, a scalar's bytes): each param's dims (and strides, when the
/// header gives them; else row-major) evaluated with the @const values and
/// the integer scalar params, checked (every dim known, from 1 to 2^32;
/// every given stride at least 1; the buffer 16-byte aligned; each stride
/// in bytes a multiple of 16 below 2^40). Throws Error "tensor map 'NAME':
/// why" (the caller says which launch).
std::vector<LaunchTensorMap> tensorMapsOf(const KernelSignature &sig,
                                          const std::vector<uint64_t> &slots);

/// Whether the kernel has '\! tmap' params.
bool hasTensorMaps(const KernelSignature &sig);

} // namespace wf::rt

#endif
