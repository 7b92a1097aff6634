//===- Npy.h - NumPy .npy files -------------------------------------------===//
//
// So numpy and torch users can feed kernels and check their results: reads
// and writes .npy files (format 1.0/2.0/3.0 headers, little-endian, C order).
// Elements keep their bytes: uint8 and bool read as i8 bit patterns. bf16 has
// no numpy dtype, so a bf16 array is written as float32.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_ARGS_NPY_H
#define WARPFORTH_RUNTIME_ARGS_NPY_H

#include "runtime/args/HostArray.h"

#include <cstdint>

#include <string>
#include <vector>

namespace wf::rt {

struct NpyArray {
  HostArray array; // the elements, flattened in C order
  std::vector<size_t> shape;
  std::string descr; // the dtype as the file spells it ("<f8")
};

/// Parses .npy bytes; `name` labels error messages. Throws Error on a bad
/// header, an unsupported dtype, big-endian data, Fortran order or a
/// truncated file.
NpyArray parseNpy(const std::string &bytes, const std::string &name);
/// The largest .npy file read.
constexpr uint64_t kMaxNpyBytes = uint64_t(16) << 30;
/// Reads a regular file of at most kMaxNpyBytes (see readRegularFile).
NpyArray readNpy(const std::string &path);

/// The .npy (format 1.0) encoding of `array`; an empty `shape` means 1-D.
std::string encodeNpy(const HostArray &array,
                      const std::vector<size_t> &shape = {});
void writeNpy(const std::string &path, const HostArray &array,
              const std::vector<size_t> &shape = {});

/// A readable name for a dtype descr: "<f4" gives "float32".
std::string npyDtypeName(const std::string &descr);

} // namespace wf::rt

#endif
