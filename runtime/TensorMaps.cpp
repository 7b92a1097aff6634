#include "runtime/TensorMaps.h"

#include "common/Error.h"
#include "common/SizeExpr.h"

#include <cstring>

namespace wf::rt {

bool hasTensorMaps(const KernelSignature &sig) {
  for (const ParamDecl &p : sig.params)
    if (p.tmap)
      return true;
  return false;
}

namespace {
/// An integer scalar's value from its slot (the low bytes, sign-extended).
int64_t scalarValue(const ParamDecl &p, uint64_t slot) {
  size_t bytes = elemSize(p.type);
  if (bytes >= 8)
    return static_cast<int64_t>(slot);
  int shift = static_cast<int>(64 - 8 * bytes);
  return static_cast<int64_t>(slot << shift) >> shift;
}
} // namespace

std::vector<LaunchTensorMap> tensorMapsOf(const KernelSignature &sig,
                                          const std::vector<uint64_t> &slots) {
  std::vector<LaunchTensorMap> maps;
  NameLookup lookup = [&](const std::string &name) -> std::optional<int64_t> {
    int j = sig.paramIndex(name);
    if (j >= 0 && static_cast<size_t>(j) < slots.size()) {
      const ParamDecl &q = sig.params[j];
      if (q.isArray || isFloat(q.type))
        return std::nullopt;
      return scalarValue(q, slots[j]);
    }
    auto c = sig.consts.find(name);
    if (c != sig.consts.end())
      return c->second;
    return std::nullopt;
  };
  for (size_t i = 0; i < sig.params.size() && i < slots.size(); ++i) {
    const ParamDecl &p = sig.params[i];
    if (!p.tmap)
      continue;
    auto fail = [&](const std::string &why) {
      throw Error("tensor map '" + p.name + "': " + why);
    };
    const TensorMapSpec &spec = *p.tmap;
    LaunchTensorMap m;
    m.param = i;
    WfTensorMap &d = m.desc;
    size_t rank = spec.dims.size();
    if (rank == 0 || rank > WF_TMAP_MAX_RANK || spec.box.size() != rank)
      fail("needs 1 to 5 dims and a box size for each");
    d.base = reinterpret_cast<char *>(slots[i]);
    d.rank = static_cast<int64_t>(rank);
    d.elemBytes = static_cast<int64_t>(elemSize(p.type));
    d.swizzle = spec.swizzle;
    d.name = p.name.c_str();
    // A dim or stride: a size expression of scalar params and constants.
    auto evaluate = [&](const char *what, const std::string &text) {
      std::optional<int64_t> v;
      try {
        v = evalSizeExpr(text, lookup);
      } catch (const Error &e) {
        fail(std::string(what) + " '" + text + "': " + e.what());
      }
      if (!v)
        fail(std::string(what) + " '" + text +
             "' is not known at launch (it may use integer scalar params "
             "and constants)");
      return *v;
    };
    for (size_t k = 0; k < rank; ++k) {
      // The header lists dims outermost first; the map innermost first.
      const std::string &text = spec.dims[rank - 1 - k];
      int64_t v = evaluate("dimension", text);
      if (v < 1 || v > (int64_t(1) << 32))
        fail("dimension '" + text + "' = " + std::to_string(v) +
             " must be between 1 and 2^32 (cuTensorMapEncodeTiled)");
      d.dims[k] = v;
      d.box[k] = spec.box[rank - 1 - k];
      if (d.box[k] < 1 || d.box[k] > 256)
        fail("box size " + std::to_string(d.box[k]) +
             " must be between 1 and 256");
    }
    if (slots[i] % 16 != 0)
      fail("the buffer's address is not 16-byte aligned, which TMA needs "
           "(cuTensorMapEncodeTiled)");
    bool strided = !spec.strides.empty();
    if (strided && spec.strides.size() + 1 != rank)
      fail("needs a stride for each dim but the innermost");
    d.strides[0] = d.elemBytes;
    for (size_t k = 1; k < rank; ++k) {
      // Dim k counted from the innermost is the header's rank - k (from 1).
      std::string dim = std::to_string(rank - k);
      std::string what = "a row of dimension " + dim + " (outermost first)";
      unsigned __int128 wide;
      if (strided) {
        // The header's strides are elements; the map's bytes.
        const std::string &text = spec.strides[rank - 1 - k];
        int64_t v = evaluate("stride", text);
        if (v < 1)
          fail("stride '" + text + "' = " + std::to_string(v) +
               " must be at least 1");
        wide = static_cast<unsigned __int128>(v) *
               static_cast<uint64_t>(d.elemBytes);
        what =
            "stride '" + text + "' (of dimension " + dim + ", outermost first)";
      } else {
        // Dense: the row below's bytes. Below 2^40 times at most 2^32: no
        // overflow in 128 bits.
        wide = static_cast<unsigned __int128>(d.strides[k - 1]) *
               static_cast<uint64_t>(d.dims[k - 1]);
      }
      if (wide >= (static_cast<unsigned __int128>(1) << 40))
        fail(what + " is 2^40 bytes or more, past TMA's most");
      int64_t stride = static_cast<int64_t>(wide);
      if (stride % 16 != 0)
        fail(what + " is " + std::to_string(stride) +
             " bytes; TMA needs every stride to be a multiple of 16 bytes" +
             (strided ? "" : " (pad the inner dimension)"));
      d.strides[k] = stride;
    }
    maps.push_back(m);
  }
  return maps;
}

} // namespace wf::rt
