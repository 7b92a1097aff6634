// Typed host arrays, 16-bit float conversions and value formatting.
#include "runtime/args/HostArray.h"
#include "common/Half.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

using namespace wf::rt;

TEST_CASE("half: exact values and rounding", "[half]") {
  CHECK(floatToHalf(1.0f) == 0x3C00);
  CHECK(floatToHalf(-2.0f) == 0xC000);
  CHECK(floatToHalf(65504.0f) == 0x7BFF);
  CHECK(floatToHalf(65520.0f) == 0x7C00); // rounds up to infinity
  CHECK(floatToHalf(1e-8f) == 0);         // below the smallest subnormal
  CHECK(floatToHalf(std::ldexp(1.0f, -24)) == 0x0001);
  CHECK(floatToHalf(std::ldexp(1.0f, -14)) == 0x0400); // smallest normal
  // 1 + 2^-11 lies halfway between 1 and 1 + 2^-10: ties go to even (1).
  CHECK(floatToHalf(1.0f + std::ldexp(1.0f, -11)) == 0x3C00);
  CHECK(floatToHalf(1.0f + 3 * std::ldexp(1.0f, -11)) == 0x3C02);
  CHECK(floatToHalf(std::numeric_limits<float>::infinity()) == 0x7C00);
  CHECK(std::isnan(halfToFloat(floatToHalf(NAN))));
  for (uint32_t bits = 0; bits < 0x7C00; ++bits) // every finite half
    REQUIRE(floatToHalf(halfToFloat(static_cast<uint16_t>(bits))) == bits);
  CHECK(halfToFloat(0x0001) == std::ldexp(1.0f, -24));
}

TEST_CASE("bfloat16: conversions", "[half]") {
  CHECK(floatToBFloat16(1.0f) == 0x3F80);
  CHECK(bfloat16ToFloat(0x3F80) == 1.0f);
  CHECK(bfloat16ToFloat(floatToBFloat16(-2.5f)) == -2.5f);
  // 1 + 2^-8 is halfway between bf16 neighbours: ties to even.
  CHECK(floatToBFloat16(1.0f + std::ldexp(1.0f, -8)) == 0x3F80);
  CHECK(std::isnan(bfloat16ToFloat(floatToBFloat16(NAN))));
}

TEST_CASE("host array: typed access and growth", "[hostarray]") {
  HostArray a(ElemType::I8, 3);
  CHECK(a.bytes() == 3);
  CHECK(reinterpret_cast<uintptr_t>(a.data()) % 16 == 0);
  a.setInt(0, 300); // wraps like a store of the low byte
  CHECK(a.getInt(0) == 44);
  a.setInt(1, -5);
  CHECK(a.getDouble(1) == -5.0);
  a.resize(1);
  a.resize(3);
  CHECK(a.getInt(1) == 0); // shrinking then growing gives zeros

  HostArray f(ElemType::F32, 2);
  f.setDouble(0, 2.75);
  CHECK(f.getInt(0) == 2);
  f.setInt(1, 7);
  CHECK(f.getDouble(1) == 7.0);

  HostArray i(ElemType::I64, 1);
  i.setDouble(0, 1e30); // clamped, not undefined
  CHECK(i.getInt(0) == INT64_MAX);
}

TEST_CASE("host array: output format", "[hostarray]") {
  HostArray ints(ElemType::I64, 6);
  int64_t v[] = {12, 6, 9, 28, 14, 29};
  for (size_t k = 0; k < 6; ++k)
    ints.setInt(k, v[k]);
  CHECK(formatElements(ints, 6) == "12,6,9,28,14,29");
  CHECK(formatElements(ints, 2) == "12,6");
  CHECK(formatElements(ints, 99) == "12,6,9,28,14,29");

  HostArray d(ElemType::F64, 4);
  d.setDouble(0, 0.1);
  d.setDouble(1, 2.0);
  d.setDouble(2, -INFINITY);
  d.setDouble(3, 1.0 / 3.0);
  CHECK(formatElements(d, 3) == "0.1,2,-inf");
  // Enough digits to read back the same double.
  CHECK(std::stod(formatElement(d, 3)) == 1.0 / 3.0);

  HostArray f(ElemType::F32, 1);
  f.setDouble(0, 0.1);
  CHECK(formatElement(f, 0) == "0.1"); // shortest for the float

  HostArray h(ElemType::F16, 1);
  h.setDouble(0, NAN);
  CHECK(formatElement(h, 0) == "nan");
}
