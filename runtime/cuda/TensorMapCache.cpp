#include "runtime/cuda/TensorMapCache.h"

namespace wf::rt::cuda {

TensorMapCache::Key TensorMapCache::keyOf(const WfTensorMap &m, ElemType type) {
  Key k;
  size_t i = 0;
  k.words[i++] = reinterpret_cast<uintptr_t>(m.base);
  k.words[i++] = static_cast<uint64_t>(type);
  k.words[i++] = static_cast<uint64_t>(m.rank);
  k.words[i++] = static_cast<uint64_t>(m.swizzle);
  for (int64_t d = 0; d < m.rank && d < WF_TMAP_MAX_RANK; ++d) {
    k.words[4 + d] = static_cast<uint64_t>(m.dims[d]);
    k.words[4 + WF_TMAP_MAX_RANK + d] = static_cast<uint64_t>(m.strides[d]);
    k.words[4 + 2 * WF_TMAP_MAX_RANK + d] = static_cast<uint64_t>(m.box[d]);
  }
  return k;
}

size_t TensorMapCache::Hash::operator()(const Key &k) const {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (uint64_t w : k.words)
    h = (h ^ w) * 0x100000001b3ull + (h >> 29);
  return static_cast<size_t>(h);
}

bool TensorMapCache::find(const Key &key, CUtensorMap &out) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = maps_.find(key);
  if (it == maps_.end())
    return false;
  out = it->second;
  return true;
}

void TensorMapCache::keep(const Key &key, const CUtensorMap &map) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (maps_.size() >= kMaxMaps)
    maps_.clear();
  maps_[key] = map;
}

} // namespace wf::rt::cuda
