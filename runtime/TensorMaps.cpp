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
  std::shared_ptr<const SignatureSizes> sizes = sig.sizePrograms();
  // The names of dims and strides: integer scalar params' values.
  std::vector<std::optional<int64_t>> values(sig.params.size());
  for (size_t j = 0; j < values.size() && j < slots.size(); ++j) {
    const ParamDecl &q = sig.params[j];
    if (!q.isArray && !isFloat(q.type))
      values[j] = scalarValue(q, slots[j]);
  }
  for (size_t i = 0; i < sig.params.size() && i < slots.size(); ++i) {
    const ParamDecl &p = sig.params[i];
    if (!p.tmap)
      continue;
    // Messages are built on failure only: this runs on every launch.
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
    d.elemType = static_cast<int64_t>(p.type);
    d.swizzle = spec.swizzle;
    d.name = p.name.c_str();
    // A dim or stride: a size expression of scalar params and constants.
    auto evaluate = [&](const char *what, const SizeProgram &e) {
      std::optional<int64_t> v;
      try {
        v = e.eval(values.data(), values.size());
      } catch (const Error &err) {
        fail(std::string(what) + " '" + e.text() + "': " + err.what());
      }
      if (!v)
        fail(std::string(what) + " '" + e.text() +
             "' is not known at launch (it may use integer scalar params "
             "and constants)");
      return *v;
    };
    for (size_t k = 0; k < rank; ++k) {
      // The header lists dims outermost first; the map innermost first.
      const SizeProgram &e = sizes->dims[i][rank - 1 - k];
      int64_t v = evaluate("dimension", e);
      if (v < 1 || v > (int64_t(1) << 32))
        fail("dimension '" + e.text() + "' = " + std::to_string(v) +
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
      const SizeProgram *stride =
          strided ? &sizes->strides[i][rank - 1 - k] : nullptr;
      auto what = [&] {
        std::string dim = std::to_string(rank - k);
        if (stride)
          return "stride '" + stride->text() + "' (of dimension " + dim +
                 ", outermost first)";
        return "a row of dimension " + dim + " (outermost first)";
      };
      unsigned __int128 wide;
      if (stride) {
        // The header's strides are elements; the map's bytes.
        int64_t v = evaluate("stride", *stride);
        if (v < 1)
          fail("stride '" + stride->text() + "' = " + std::to_string(v) +
               " must be at least 1");
        wide = static_cast<unsigned __int128>(v) *
               static_cast<uint64_t>(d.elemBytes);
      } else {
        // Dense: the row below's bytes. Below 2^40 times at most 2^32: no
        // overflow in 128 bits.
        wide = static_cast<unsigned __int128>(d.strides[k - 1]) *
               static_cast<uint64_t>(d.dims[k - 1]);
      }
      if (wide >= (static_cast<unsigned __int128>(1) << 40))
        fail(what() + " is 2^40 bytes or more, past TMA's most");
      int64_t stride64 = static_cast<int64_t>(wide);
      if (stride64 % 16 != 0)
        fail(what() + " is " + std::to_string(stride64) +
             " bytes; TMA needs every stride to be a multiple of 16 bytes" +
             (stride ? "" : " (pad the inner dimension)"));
      d.strides[k] = stride64;
    }
    maps.push_back(m);
  }
  return maps;
}

} // namespace wf::rt
