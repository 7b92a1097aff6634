#include "runtime/cpu/AsyncOps.h"

#include "common/ElemType.h"
#include "common/Swizzle.h"

#include <cstring>

namespace wf::rt::cpu {

int64_t tmaBoxBytes(const WfTensorMap &map) {
  int64_t bytes = map.elemBytes;
  for (int64_t k = 0; k < map.rank; ++k)
    bytes *= map.box[k];
  return bytes;
}

uint64_t tmaTileAlign(const WfTensorMap &map) {
  return map.swizzle ? uint64_t(map.swizzle) * 8 : 128;
}

namespace {
/// dst += src for one element of a reduction's map (the resolver allows f32
/// and i32 maps only), atomically.
void atomicAdd(char *dst, const char *src, int64_t elemType) {
  uint32_t *word = reinterpret_cast<uint32_t *>(dst);
  uint32_t add;
  std::memcpy(&add, src, 4);
  if (elemType != static_cast<int64_t>(ElemType::F32)) {
    __atomic_fetch_add(word, add, __ATOMIC_RELAXED); // i32: wraps
    return;
  }
  uint32_t old = __atomic_load_n(word, __ATOMIC_RELAXED), sum;
  do {
    float a, b;
    std::memcpy(&a, &old, 4);
    std::memcpy(&b, &add, 4);
    a += b;
    std::memcpy(&sum, &a, 4);
  } while (!__atomic_compare_exchange_n(word, &old, sum, true, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED));
}
} // namespace

std::string tmaCopy(TmaMode mode, const WfTensorMap &map, const int64_t *coords,
                    char *shared, uint64_t sharedBytes, uint64_t tileOffset,
                    const std::string &word) {
  bool load = mode == TmaMode::Load;
  int64_t boxBytes = tmaBoxBytes(map);
  uint64_t align = tmaTileAlign(map);
  std::string tile = "shared tile at byte offset " +
                     std::to_string(tileOffset) + " of " + word +
                     " (tensor map '" + map.name + "')";
  if (tileOffset >= sharedBytes ||
      sharedBytes - tileOffset < static_cast<uint64_t>(boxBytes))
    return "the " + std::to_string(boxBytes) + "-byte " + tile +
           " is outside the block's " + std::to_string(sharedBytes) +
           " bytes of shared memory";
  if (tileOffset % align != 0)
    return "the " + tile + " is not " + std::to_string(align) +
           "-byte aligned" +
           (map.swizzle ? " (a " + std::to_string(map.swizzle) +
                              "-byte swizzled tile starts a whole period of "
                              "the pattern; '\\! shared ... align " +
                              std::to_string(align) + "')"
                        : std::string(" (cp.async.bulk.tensor needs 128; "
                                      "'\\! shared ... align 128')"));
  // The innermost coordinate, in bytes, must be a multiple of 16: the box's
  // first element must sit on a 16-byte boundary of its row, though the
  // coordinate may be negative or past the edge. An H100 raises
  // CUDA_ERROR_ILLEGAL_INSTRUCTION otherwise (test/e2e/kernels/hopper:
  // bf16 column 60 = 120 bytes and f32 column -5 = -20 bytes faulted; 0, 16,
  // 48, -16, 32, 64 bytes did not). We did not find it stated in the parts
  // of NVIDIA's PTX ISA and driver API text we could search (which require
  // 16-byte multiples of the global address, the strides and the box row,
  // not of a coordinate); others who met the fault state the same rule:
  // Triton's Gluon TMA tutorial, python/tutorials/gluon/04-tma.py ("The
  // innermost coordinate must be 16-byte aligned", triton-lang/triton PR #9112;
  // issue #7385), and tilelang PR #2681 (an innermost box offset not 16-byte
  // aligned gives cudaErrorIllegalInstruction on Hopper).
  int64_t inner = coords[map.rank - 1], innerBytes = inner * map.elemBytes;
  if (innerBytes % 16 != 0)
    return "the innermost coordinate " + std::to_string(inner) + " (" +
           std::to_string(innerBytes) +
           " bytes) is not a multiple of 16 bytes, which the GPU's copy "
           "engine faults on (tensor map '" +
           map.name + "': a multiple of " + std::to_string(16 / map.elemBytes) +
           " elements)";
  // A store whose box starts before the tensor (a negative coordinate)
  // faults the same way on an H100 (tma-store.forth: Y = -3 with X = -4,
  // -8 and -5), while loads may start there (zero fill). Reductions are
  // held to the stores' rule.
  for (int64_t d = 0; !load && d < map.rank; ++d)
    if (coords[d] < 0)
      return "coordinate " + std::to_string(coords[d]) +
             " is negative, and a TMA store that starts before the tensor "
             "faults on the GPU (loads may: they fill zeros)";
  // Innermost first, as the map: coords come outermost first.
  int64_t rank = map.rank, at[WF_TMAP_MAX_RANK] = {};
  int64_t elements = boxBytes / map.elemBytes;
  size_t eb = static_cast<size_t>(map.elemBytes);
  for (int64_t n = 0; n < elements; ++n) {
    // The box element's index along each dim, innermost fastest.
    int64_t rest = n, offset = 0;
    bool inside = true;
    for (int64_t k = 0; k < rank; ++k) {
      at[k] = rest % map.box[k];
      rest /= map.box[k];
      int64_t g = coords[rank - 1 - k] + at[k];
      inside = inside && g >= 0 && g < map.dims[k];
      offset += g * map.strides[k];
    }
    uint64_t physical =
        swizzleOffset(tileOffset + uint64_t(n) * eb, map.swizzle);
    if (physical + eb > sharedBytes) // a partial last row, swizzled past
      return "the swizzled " + tile + " runs past the block's shared memory";
    char *s = shared + physical;
    if (load) {
      if (inside)
        std::memcpy(s, map.base + offset, eb);
      else
        std::memset(s, 0, eb);
    } else if (inside && mode == TmaMode::Store) {
      std::memcpy(map.base + offset, s, eb);
    } else if (inside) {
      atomicAdd(map.base + offset, s, map.elemType);
    }
  }
  return "";
}

} // namespace wf::rt::cpu
