#include "runtime/args/HostArray.h"

#include "common/Error.h"
#include "common/Half.h"
#include "runtime/args/ArraySize.h"

#include <charconv>
#include <cmath>
#include <cstring>

namespace wf::rt {

HostArray::HostArray(ElemType type, size_t count) : type_(type) {
  resize(count);
}

void HostArray::resize(size_t count) {
  size_t bytes = arrayBytes(count, type_);
  size_t chunks = bytes / sizeof(Chunk) + (bytes % sizeof(Chunk) != 0);
  // Shrinking then growing must not bring back old values.
  if (count < count_ && chunks > 0)
    std::memset(reinterpret_cast<unsigned char *>(storage_.data()) + bytes, 0,
                chunks * sizeof(Chunk) - bytes);
  try {
    storage_.resize(chunks, Chunk{});
  } catch (const std::bad_alloc &) {
    throw Error("cannot allocate " + std::to_string(bytes) + " bytes for " +
                std::to_string(count) + " " + elemTypeName(type_) + " values");
  }
  count_ = count;
}

namespace {
template <typename T> T load(const void *base, size_t i) {
  T v;
  std::memcpy(&v, static_cast<const unsigned char *>(base) + i * sizeof(T),
              sizeof(T));
  return v;
}
template <typename T> void store(void *base, size_t i, T v) {
  std::memcpy(static_cast<unsigned char *>(base) + i * sizeof(T), &v,
              sizeof(T));
}
} // namespace

double HostArray::getDouble(size_t i) const {
  const void *d = data();
  switch (type_) {
  case ElemType::F16:
    return halfToFloat(load<uint16_t>(d, i));
  case ElemType::BF16:
    return bfloat16ToFloat(load<uint16_t>(d, i));
  case ElemType::F32:
    return load<float>(d, i);
  case ElemType::F64:
    return load<double>(d, i);
  default:
    return static_cast<double>(getInt(i));
  }
}

int64_t HostArray::getInt(size_t i) const {
  const void *d = data();
  switch (type_) {
  case ElemType::I8:
    return load<int8_t>(d, i);
  case ElemType::I16:
    return load<int16_t>(d, i);
  case ElemType::I32:
    return load<int32_t>(d, i);
  case ElemType::I64:
    return load<int64_t>(d, i);
  default: {
    double v = getDouble(i);
    // Out-of-range and NaN casts are undefined behaviour; clamp them.
    if (std::isnan(v))
      return 0;
    if (v >= 9.2233720368547758e18)
      return INT64_MAX;
    if (v <= -9.2233720368547758e18)
      return INT64_MIN;
    return static_cast<int64_t>(v);
  }
  }
}

void HostArray::setDouble(size_t i, double v) {
  void *d = data();
  switch (type_) {
  case ElemType::F16:
    return store(d, i, floatToHalf(roundToOddFloat(v)));
  case ElemType::BF16:
    return store(d, i, floatToBFloat16(roundToOddFloat(v)));
  case ElemType::F32:
    return store(d, i, static_cast<float>(v));
  case ElemType::F64:
    return store(d, i, v);
  default:
    if (std::isnan(v))
      return setInt(i, 0);
    if (v >= 9.2233720368547758e18)
      return setInt(i, INT64_MAX);
    if (v <= -9.2233720368547758e18)
      return setInt(i, INT64_MIN);
    return setInt(i, static_cast<int64_t>(v));
  }
}

void HostArray::setInt(size_t i, int64_t v) {
  void *d = data();
  switch (type_) {
  case ElemType::I8:
    return store(d, i, static_cast<int8_t>(v));
  case ElemType::I16:
    return store(d, i, static_cast<int16_t>(v));
  case ElemType::I32:
    return store(d, i, static_cast<int32_t>(v));
  case ElemType::I64:
    return store(d, i, v);
  default:
    return setDouble(i, static_cast<double>(v));
  }
}

std::string formatElement(const HostArray &array, size_t i) {
  if (!isFloat(array.type()))
    return std::to_string(array.getInt(i));
  double v = array.getDouble(i);
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  char buf[64];
  std::to_chars_result r;
  // Narrow types print as float, so an f32 0.1 shows as "0.1" rather than
  // the double expansion of the nearest float.
  if (array.type() == ElemType::F64)
    r = std::to_chars(buf, buf + sizeof buf, v);
  else
    r = std::to_chars(buf, buf + sizeof buf, static_cast<float>(v));
  return std::string(buf, r.ptr);
}

std::string formatElements(const HostArray &array, size_t count) {
  std::string out;
  for (size_t i = 0; i < count && i < array.count(); ++i) {
    if (i)
      out += ',';
    out += formatElement(array, i);
  }
  return out;
}

} // namespace wf::rt
