#include "runtime/args/Npy.h"

#include "common/Error.h"
#include "common/FileIO.h"
#include "common/Half.h"
#include "runtime/args/ArraySize.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>

namespace wf::rt {

namespace {

const char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;

struct Dtype {
  const char *descr; // without the byte-order character
  ElemType type;
  const char *name;
};

const Dtype kDtypes[] = {
    {"i1", ElemType::I8, "int8"},     {"u1", ElemType::I8, "uint8"},
    {"b1", ElemType::I8, "bool"},     {"i2", ElemType::I16, "int16"},
    {"i4", ElemType::I32, "int32"},   {"i8", ElemType::I64, "int64"},
    {"f2", ElemType::F16, "float16"}, {"f4", ElemType::F32, "float32"},
    {"f8", ElemType::F64, "float64"},
};

const Dtype *findDtype(const std::string &descr) {
  if (descr.size() != 3)
    return nullptr;
  for (const Dtype &d : kDtypes)
    if (descr.compare(1, 2, d.descr) == 0)
      return &d;
  return nullptr;
}

// The value of `key` in the header's Python dict literal, as raw text up to
// the next top-level ',' or '}'.
std::optional<std::string> dictValue(const std::string &header,
                                     const std::string &key) {
  size_t k = header.find("'" + key + "'");
  if (k == std::string::npos)
    k = header.find("\"" + key + "\"");
  if (k == std::string::npos)
    return std::nullopt;
  size_t colon = header.find(':', k + key.size() + 2);
  if (colon == std::string::npos)
    return std::nullopt;
  size_t b = colon + 1;
  int depth = 0;
  size_t e = b;
  for (; e < header.size(); ++e) {
    char c = header[e];
    if (c == '(')
      ++depth;
    else if (c == ')')
      --depth;
    else if ((c == ',' || c == '}') && depth == 0)
      break;
  }
  std::string v = header.substr(b, e - b);
  size_t s = v.find_first_not_of(' ');
  size_t t = v.find_last_not_of(' ');
  return s == std::string::npos ? "" : v.substr(s, t - s + 1);
}

} // namespace

std::string npyDtypeName(const std::string &descr) {
  const Dtype *d = findDtype(descr);
  return d ? d->name : descr;
}

NpyArray parseNpy(const std::string &bytes, const std::string &name) {
  auto fail = [&](const std::string &why) -> Error {
    return Error(name + ": " + why);
  };
  if (bytes.size() < kMagicLen + 4 ||
      std::memcmp(bytes.data(), kMagic, kMagicLen) != 0)
    throw fail("not a .npy file");
  unsigned major = static_cast<unsigned char>(bytes[6]);
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = static_cast<unsigned char>(bytes[8]) |
                static_cast<unsigned char>(bytes[9]) << 8;
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      throw fail("truncated .npy header");
    headerLen = 0;
    for (int i = 3; i >= 0; --i)
      headerLen = headerLen << 8 | static_cast<unsigned char>(bytes[8 + i]);
    headerStart = 12;
  } else {
    throw fail(".npy format version " + std::to_string(major) +
               " is not supported");
  }
  if (bytes.size() < headerStart + headerLen)
    throw fail("truncated .npy header");
  std::string header = bytes.substr(headerStart, headerLen);

  std::optional<std::string> descr = dictValue(header, "descr");
  std::optional<std::string> fortran = dictValue(header, "fortran_order");
  std::optional<std::string> shapeText = dictValue(header, "shape");
  if (!descr || !fortran || !shapeText || descr->size() < 2)
    throw fail("malformed .npy header: " + header);
  std::string dt = descr->substr(1, descr->size() - 2); // strip quotes
  if (*fortran != "False")
    throw fail("Fortran-order arrays are not supported (save a C-order "
               "array, e.g. numpy.ascontiguousarray)");
  const Dtype *dtype = findDtype(dt);
  if (!dtype)
    throw fail("dtype '" + dt +
               "' is not supported (use float16/32/64, int8/16/32/64 or "
               "uint8)");
  if (dt[0] == '>' && elemSize(dtype->type) > 1)
    throw fail("big-endian data is not supported (dtype '" + dt + "')");

  NpyArray out;
  out.descr = dt;
  std::string dims = *shapeText;
  if (dims.size() < 2 || dims.front() != '(' || dims.back() != ')')
    throw fail("malformed shape " + dims);
  std::istringstream in(dims.substr(1, dims.size() - 2));
  std::string item;
  uint64_t count = 1;
  bool overflow = false;
  while (std::getline(in, item, ',')) {
    size_t s = item.find_first_not_of(' ');
    if (s == std::string::npos)
      continue; // the trailing comma of a 1-tuple
    const char *digits = item.c_str() + s;
    // strtoull would read "-1" as 2^64-1.
    if (!std::isdigit(static_cast<unsigned char>(*digits)))
      throw fail("shape " + dims + ": dimension '" + item.substr(s) +
                 "' is not a count (0 or more)");
    errno = 0;
    char *end = nullptr;
    unsigned long long n = std::strtoull(digits, &end, 10);
    size_t rest = static_cast<size_t>(end - item.c_str());
    if (item.find_first_not_of(' ', rest) != std::string::npos)
      throw fail("malformed shape " + dims);
    if (errno == ERANGE)
      throw fail("shape " + dims + ": dimension '" + item.substr(s) +
                 "' overflows 64 bits");
    out.shape.push_back(n);
    overflow = overflow || __builtin_mul_overflow(count, n, &count);
  }
  // The data must be exactly what the shape says: compared before any
  // memory is taken for it.
  size_t have = bytes.size() - (headerStart + headerLen);
  std::optional<size_t> need =
      overflow ? std::nullopt : checkedBytes(count, elemSize(dtype->type));
  if (!need)
    throw fail("shape " + dims + " of " + dtype->name +
               " overflows 64 bits (the file has " + std::to_string(have) +
               " bytes of data)");
  if (have < *need)
    throw fail("truncated .npy data: " + std::to_string(count) + " " +
               dtype->name + " values need " + std::to_string(*need) +
               " bytes, file has " + std::to_string(have));
  if (have > *need)
    throw fail("shape " + dims + " of " + dtype->name + " needs " +
               std::to_string(*need) + " bytes of data, but the file has " +
               std::to_string(have) + " (is the file corrupt?)");
  out.array = HostArray(dtype->type, count);
  std::memcpy(out.array.data(), bytes.data() + headerStart + headerLen, *need);
  return out;
}

NpyArray readNpy(const std::string &path) {
  return parseNpy(readRegularFile(path, kMaxNpyBytes, ".npy files"), path);
}

std::string encodeNpy(const HostArray &array,
                      const std::vector<size_t> &shape) {
  const HostArray *data = &array;
  HostArray widened;
  const char *descr = nullptr;
  switch (array.type()) {
  case ElemType::I8:
    descr = "|i1";
    break;
  case ElemType::I16:
    descr = "<i2";
    break;
  case ElemType::I32:
    descr = "<i4";
    break;
  case ElemType::I64:
    descr = "<i8";
    break;
  case ElemType::F16:
    descr = "<f2";
    break;
  case ElemType::BF16: // numpy has no bf16: write float32
    widened = HostArray(ElemType::F32, array.count());
    for (size_t i = 0; i < array.count(); ++i)
      widened.setDouble(i, array.getDouble(i));
    data = &widened;
    descr = "<f4";
    break;
  case ElemType::F32:
    descr = "<f4";
    break;
  case ElemType::F64:
    descr = "<f8";
    break;
  }
  std::vector<size_t> dimList =
      shape.empty() ? std::vector<size_t>{array.count()} : shape;
  std::string dims;
  for (size_t i = 0; i < dimList.size(); ++i)
    dims += (i ? ", " : "") + std::to_string(dimList[i]);
  if (dimList.size() == 1)
    dims += ","; // a Python 1-tuple
  std::string header = std::string("{'descr': '") + descr +
                       "', 'fortran_order': False, 'shape': (" + dims + "), }";
  // Pad with spaces so the data starts on a 64-byte boundary.
  size_t total = kMagicLen + 4 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out(kMagic, kMagicLen);
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(header.size() & 0xFF);
  out += static_cast<char>(header.size() >> 8);
  out += header;
  out.append(static_cast<const char *>(data->data()), data->bytes());
  return out;
}

void writeNpy(const std::string &path, const HostArray &array,
              const std::vector<size_t> &shape) {
  writeFile(path, encodeNpy(array, shape));
}

} // namespace wf::rt
