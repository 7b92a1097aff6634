// Reading and writing .npy files, the way numpy lays them out.
#include "runtime/args/Npy.h"
#include "common/Error.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

using namespace wf::rt;

namespace {
// A .npy file as numpy writes it: magic, version, little-endian header
// length, a dict literal padded with spaces and ended by '\n', then data.
std::string handMade(const std::string &dict, const std::string &data,
                     int major = 1) {
  std::string header = dict;
  size_t prefix = major == 1 ? 10 : 12;
  while ((prefix + header.size() + 1) % 64)
    header += ' ';
  header += '\n';
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\0';
  size_t n = header.size();
  out += static_cast<char>(n & 0xFF);
  out += static_cast<char>((n >> 8) & 0xFF);
  if (major != 1) {
    out += '\0';
    out += '\0';
  }
  return out + header + data;
}

template <typename T> std::string bytesOf(std::initializer_list<T> values) {
  std::string s;
  for (T v : values)
    s.append(reinterpret_cast<const char *>(&v), sizeof v);
  return s;
}

std::string npyError(const std::string &bytes) {
  try {
    parseNpy(bytes, "x.npy");
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}
} // namespace

TEST_CASE("npy: round trip for every element type", "[npy]") {
  const ElemType types[] = {ElemType::I8,  ElemType::I16, ElemType::I32,
                            ElemType::I64, ElemType::F16, ElemType::F32,
                            ElemType::F64};
  for (ElemType t : types) {
    INFO(elemTypeName(t));
    HostArray a(t, 5);
    for (size_t i = 0; i < 5; ++i)
      a.setDouble(i, static_cast<double>(i) * 3 - 4); // exact in every type
    std::string bytes = encodeNpy(a);
    // Data starts on a 64-byte boundary, as numpy requires.
    CHECK((bytes.size() - a.bytes()) % 64 == 0);
    NpyArray back = parseNpy(bytes, "t.npy");
    CHECK(back.array.type() == t);
    REQUIRE(back.array.count() == 5);
    CHECK(back.shape == std::vector<size_t>{5});
    CHECK(std::memcmp(back.array.data(), a.data(), a.bytes()) == 0);
    CHECK(back.array.getDouble(4) == 8.0);
  }
}

TEST_CASE("npy: bf16 is written as float32", "[npy]") {
  HostArray a(ElemType::BF16, 2);
  a.setDouble(0, 1.5);
  a.setDouble(1, -2.0);
  NpyArray back = parseNpy(encodeNpy(a), "b.npy");
  CHECK(back.descr == "<f4");
  CHECK(back.array.type() == ElemType::F32);
  CHECK(back.array.getDouble(0) == 1.5);
  CHECK(back.array.getDouble(1) == -2.0);
}

TEST_CASE("npy: files as numpy writes them", "[npy]") {
  // numpy.save("x.npy", numpy.arange(3, dtype=numpy.int32))
  NpyArray a = parseNpy(
      handMade("{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }",
               bytesOf<int32_t>({0, 1, 2})),
      "a.npy");
  CHECK(a.array.type() == ElemType::I32);
  CHECK(a.shape == std::vector<size_t>{3});
  CHECK(a.array.getInt(2) == 2);

  // A 2-D float64 array: flattened in C order.
  NpyArray m = parseNpy(
      handMade("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }",
               bytesOf<double>({1, 2, 3, 4, 5, 6})),
      "m.npy");
  CHECK(m.shape == std::vector<size_t>{2, 3});
  REQUIRE(m.array.count() == 6);
  CHECK(m.array.getDouble(5) == 6.0);

  // uint8 and a version 2.0 header.
  NpyArray u = parseNpy(
      handMade("{'descr': '|u1', 'fortran_order': False, 'shape': (2,), }",
               "\x07\xff", 2),
      "u.npy");
  CHECK(u.array.type() == ElemType::I8);
  CHECK(npyDtypeName(u.descr) == "uint8");
  CHECK(u.array.getInt(0) == 7);

  // float16 from its bit patterns: 1.0 is 0x3C00, -2.0 is 0xC000.
  NpyArray h = parseNpy(
      handMade("{'descr': '<f2', 'fortran_order': False, 'shape': (2,), }",
               bytesOf<uint16_t>({0x3C00, 0xC000})),
      "h.npy");
  CHECK(h.array.getDouble(0) == 1.0);
  CHECK(h.array.getDouble(1) == -2.0);

  // A 0-d array holds one element.
  NpyArray s = parseNpy(
      handMade("{'descr': '<i8', 'fortran_order': False, 'shape': (), }",
               bytesOf<int64_t>({42})),
      "s.npy");
  CHECK(s.array.count() == 1);
  CHECK(s.array.getInt(0) == 42);
}

TEST_CASE("npy: refused files", "[npy]") {
  CHECK_THAT(npyError("hello"), Catch::Contains("not a .npy file"));
  CHECK_THAT(npyError(handMade(
                 "{'descr': '<f8', 'fortran_order': True, 'shape': (2,), }",
                 bytesOf<double>({1, 2}))),
             Catch::Contains("Fortran-order"));
  CHECK_THAT(npyError(handMade(
                 "{'descr': '>f8', 'fortran_order': False, 'shape': (2,), }",
                 bytesOf<double>({1, 2}))),
             Catch::Contains("big-endian"));
  CHECK_THAT(npyError(handMade(
                 "{'descr': '<c16', 'fortran_order': False, 'shape': (1,), }",
                 std::string(16, '\0'))),
             Catch::Contains("dtype '<c16' is not supported"));
  CHECK_THAT(npyError(handMade(
                 "{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }",
                 bytesOf<double>({1, 2}))),
             Catch::StartsWith("x.npy: truncated .npy data"));
  CHECK_THAT(npyError(handMade("{'descr': '<f8'}", "")),
             Catch::Contains("malformed .npy header"));
  // Issue 12.7: shapes that overflow, negative dimensions, and data that
  // disagrees with the shape are refused, naming the file.
  CHECK(npyError(handMade("{'descr': '<f8', 'fortran_order': False, "
                          "'shape': (4294967296, 4294967296), }",
                          bytesOf<double>({1}))) ==
        "x.npy: shape (4294967296, 4294967296) of float64 overflows 64 bits "
        "(the file has 8 bytes of data)");
  CHECK(npyError(handMade("{'descr': '<f8', 'fortran_order': False, "
                          "'shape': (2305843009213693952,), }",
                          bytesOf<double>({1}))) ==
        "x.npy: shape (2305843009213693952,) of float64 overflows 64 bits "
        "(the file has 8 bytes of data)");
  CHECK(npyError(handMade("{'descr': '<f8', 'fortran_order': False, "
                          "'shape': (-1,), }",
                          bytesOf<double>({1}))) ==
        "x.npy: shape (-1,): dimension '-1' is not a count (0 or more)");
  CHECK_THAT(npyError(handMade("{'descr': '<f8', 'fortran_order': False, "
                               "'shape': (99999999999999999999999,), }",
                               "")),
             Catch::Contains("overflows 64 bits"));
  CHECK(npyError(handMade(
            "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }",
            bytesOf<double>({1, 2}))) ==
        "x.npy: shape (1,) of float64 needs 8 bytes of data, but the file "
        "has 16 (is the file corrupt?)");
  // A huge shape with too little data is refused before any allocation.
  CHECK_THAT(npyError(handMade("{'descr': '<i1', 'fortran_order': False, "
                               "'shape': (1000000000000,), }",
                               "\x05")),
             Catch::StartsWith("x.npy: truncated .npy data"));
  // Big-endian marks on one-byte types are harmless.
  CHECK(npyError(handMade(
            "{'descr': '>i1', 'fortran_order': False, 'shape': (1,), }",
            "\x05")) == "");
}

TEST_CASE("npy: files on disk", "[npy]") {
  char path[] = "/tmp/wf-npy-XXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  close(fd);
  HostArray a(ElemType::F64, 3);
  a.setDouble(2, 0.1);
  writeNpy(path, a, {3, 1});
  NpyArray back = readNpy(path);
  CHECK(back.shape == std::vector<size_t>{3, 1});
  CHECK(back.array.getDouble(2) == 0.1);
  std::remove(path);
  CHECK_THROWS_WITH(readNpy(path), Catch::Contains("cannot open"));
}
