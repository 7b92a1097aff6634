//===- TensorMapCache.h - Encoded tensor maps, kept for later launches
//-----===//
//
// cuTensorMapEncodeTiled is a pure function of its arguments and costs
// about 0.5 us of host time (an H100's host); a Hopper attention launch
// encodes 4 to 6 maps. Training launches the same kernels on buffers that
// recur step after step (PyTorch's caching allocator hands the same
// addresses back), so each kernel keeps the maps it encoded, keyed by
// everything they encode, and copies them instead.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CUDA_TENSORMAPCACHE_H
#define WARPFORTH_RUNTIME_CUDA_TENSORMAPCACHE_H

#include "common/ElemType.h"
#include "common/HostABI.h"

#include <cuda.h>

#include <array>
#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace wf::rt::cuda {

class TensorMapCache {
public:
  /// What a map encodes: the buffer, element type, rank, swizzle, dims,
  /// strides and box (the element strides are always 1).
  struct Key {
    std::array<uint64_t, 4 + 3 * WF_TMAP_MAX_RANK> words{};
    bool operator==(const Key &o) const { return words == o.words; }
  };
  static Key keyOf(const WfTensorMap &m, ElemType type);

  /// Copies the map kept for `key` into `out`; whether there was one.
  bool find(const Key &key, CUtensorMap &out);
  /// Keeps `map` for `key` (past kMaxMaps maps the cache starts again).
  void keep(const Key &key, const CUtensorMap &map);

  static constexpr size_t kMaxMaps = 1024;

private:
  struct Hash {
    size_t operator()(const Key &k) const;
  };
  std::mutex mutex_; // launches of one kernel may come from several threads
  std::unordered_map<Key, CUtensorMap, Hash> maps_;
};

} // namespace wf::rt::cuda

#endif
