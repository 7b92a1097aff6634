#include "runtime/cpu/AsyncOps.h"

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

std::string tmaCopy(bool load, const WfTensorMap &map, const int64_t *coords,
                    char *shared, uint64_t sharedBytes, uint64_t tileOffset,
                    const std::string &word) {
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
    } else if (inside) {
      std::memcpy(map.base + offset, s, eb);
    }
  }
  return "";
}

} // namespace wf::rt::cpu
