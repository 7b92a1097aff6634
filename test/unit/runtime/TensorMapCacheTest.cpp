// The GPU backend's cache of encoded tensor maps (no GPU needed): a map
// comes back only for exactly what it encodes.
#include "runtime/cuda/TensorMapCache.h"

#include <catch2/catch.hpp>

#include <cstring>

using wf::rt::ElemType;
using wf::rt::cuda::TensorMapCache;

namespace {
WfTensorMap map2d(uintptr_t base) {
  WfTensorMap m{};
  m.base = reinterpret_cast<char *>(base);
  m.rank = 2;
  m.elemBytes = 2;
  m.swizzle = 128;
  m.dims[0] = 64;
  m.dims[1] = 1000;
  m.strides[0] = 2;
  m.strides[1] = 128;
  m.box[0] = 64;
  m.box[1] = 128;
  return m;
}

CUtensorMap filled(unsigned char byte) {
  CUtensorMap t;
  std::memset(&t, byte, sizeof t);
  return t;
}
} // namespace

TEST_CASE("tensor map cache: a map for exactly what it encodes",
          "[tmapcache]") {
  TensorMapCache cache;
  WfTensorMap m = map2d(0x10000);
  auto key = TensorMapCache::keyOf(m, ElemType::BF16);
  CUtensorMap out = filled(0);
  CHECK_FALSE(cache.find(key, out));
  cache.keep(key, filled(7));
  REQUIRE(cache.find(key, out));
  CUtensorMap seven = filled(7);
  CHECK(std::memcmp(&out, &seven, sizeof out) == 0);
  // The name is not encoded; everything else is.
  m.name = "other";
  CHECK(cache.find(TensorMapCache::keyOf(m, ElemType::BF16), out));
  CHECK_FALSE(cache.find(TensorMapCache::keyOf(m, ElemType::F16), out));
  auto differs = [&](auto change) {
    WfTensorMap c = map2d(0x10000);
    change(c);
    return !cache.find(TensorMapCache::keyOf(c, ElemType::BF16), out);
  };
  CHECK(differs([](WfTensorMap &c) { c.base += 16; }));
  CHECK(differs([](WfTensorMap &c) { c.dims[1] = 999; }));
  CHECK(differs([](WfTensorMap &c) { c.strides[1] = 256; }));
  CHECK(differs([](WfTensorMap &c) { c.box[0] = 32; }));
  CHECK(differs([](WfTensorMap &c) { c.swizzle = 64; }));
  CHECK(differs([](WfTensorMap &c) {
    c.rank = 3;
    c.dims[2] = 1;
    c.strides[2] = 128000;
    c.box[2] = 1;
  }));
}

TEST_CASE("tensor map cache: starts again past its size", "[tmapcache]") {
  TensorMapCache cache;
  for (size_t i = 0; i < TensorMapCache::kMaxMaps; ++i)
    cache.keep(TensorMapCache::keyOf(map2d(16 * (i + 1)), ElemType::BF16),
               filled(1));
  CUtensorMap out;
  auto first = TensorMapCache::keyOf(map2d(16), ElemType::BF16);
  CHECK(cache.find(first, out));
  cache.keep(TensorMapCache::keyOf(map2d(0x999990), ElemType::BF16), filled(2));
  CHECK_FALSE(cache.find(first, out)); // cleared, then the new one kept
  CHECK(
      cache.find(TensorMapCache::keyOf(map2d(0x999990), ElemType::BF16), out));
}
