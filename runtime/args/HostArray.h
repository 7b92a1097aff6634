//===- HostArray.h - A typed array in host memory -------------------------===//
//
// What the host side hands a kernel param before upload and gets back after
// the run: an element type plus zero-initialised, 16-byte aligned storage.
// Elements are read and written as int64_t or double so callers need not
// switch on the type; f16/bf16 elements are stored as their bit patterns.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_ARGS_HOSTARRAY_H
#define WARPFORTH_RUNTIME_ARGS_HOSTARRAY_H

#include "common/ElemType.h"

#include <cstdint>
#include <string>
#include <vector>

namespace wf::rt {

class HostArray {
public:
  HostArray() = default;
  /// Throws Error when `count` values do not fit in memory (see arrayBytes).
  HostArray(ElemType type, size_t count);

  ElemType type() const { return type_; }
  size_t count() const { return count_; }
  size_t bytes() const { return count_ * elemSize(type_); }
  void *data() { return storage_.data(); }
  const void *data() const { return storage_.data(); }

  /// Grows (zero-filled) or shrinks to `count` elements.
  void resize(size_t count);

  /// Element i as a number; integers convert to double and back exactly
  /// where the value allows, floats truncate toward zero in getInt.
  double getDouble(size_t i) const;
  int64_t getInt(size_t i) const;
  /// Stores `v` converted to the element type (integers wrap to their width).
  void setDouble(size_t i, double v);
  void setInt(size_t i, int64_t v);

private:
  ElemType type_ = ElemType::I64;
  size_t count_ = 0;
  // Kept in 16-byte units so the data is aligned for any element type.
  struct alignas(16) Chunk {
    unsigned char b[16];
  };
  std::vector<Chunk> storage_;
};

/// Element i as text: integers in decimal, floats in the shortest form that
/// reads back to the same value ("0.1", "2", "inf", "nan").
std::string formatElement(const HostArray &array, size_t i);

/// The first `count` elements, comma-separated on one line (the public
/// runner's --output-count format).
std::string formatElements(const HostArray &array, size_t count);

} // namespace wf::rt

#endif
