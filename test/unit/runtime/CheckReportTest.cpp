// A checked kernel's signature (@checked, @check-site) and the words the
// runtime makes of its check record: the CPU executor's words.
#include "runtime/CheckReport.h"
#include "common/CheckABI.h"
#include "common/KernelSignature.h"

#include <catch2/catch.hpp>

using namespace wf::rt;

namespace {
const char *kChecked = R"(// @warpforth-signature 1
// @kernel walk
// @param X array i64 4
// @param N scalar i64
// @param Y array i64 4
// @shared T f32 8
// @shared-bytes 32
// @checked
// @check-site access 8-byte store to param 'X', /tmp/my dir/walk.forth:3:17
// @check-site any 8-byte load from|/tmp/my dir/walk.forth:4:2
// @check-site assert /tmp/my dir/walk.forth:5:9
// @check-site access 4-byte store to shared memory, walk.forth:6:1
// @end
)";

WfCheckRecord record(uint32_t status, uint32_t site, int64_t region,
                     uint64_t offset, uint64_t size) {
  WfCheckRecord r{};
  r.status = status;
  r.site = site;
  r.region = region;
  r.offset = offset;
  r.size = size;
  r.tid[0] = 3;
  r.bid[1] = 2;
  return r;
}
} // namespace

TEST_CASE("check report: signature and sites", "[check]") {
  KernelSignature sig = parseSignature(kChecked);
  CHECK(sig.checked);
  REQUIRE(sig.checkSites.size() == 4);
  CHECK(sig.checkSites[0] ==
        "access 8-byte store to param 'X', /tmp/my dir/walk.forth:3:17");
  CHECK(sig.checkSites[1] == "any 8-byte load from|/tmp/my dir/walk.forth:4:2");
  // Formatting gives the block back.
  KernelSignature again = parseSignature(formatSignature(sig));
  CHECK(again.checked);
  CHECK(again.checkSites == sig.checkSites);
  CHECK_FALSE(parseSignature("// @warpforth-signature 1\n// @kernel k\n"
                             "// @end\n")
                  .checked);
}

TEST_CASE("check report: the CPU executor's words", "[check]") {
  KernelSignature sig = parseSignature(kChecked);
  const char *thread = "(thread (3,0,0) of block (0,2,0))";
  CHECK(describeCheck(sig, record(WF_CHECK_OUT_OF_BOUNDS, 0, 0, 32, 32)) ==
        "out-of-bounds 8-byte store to param 'X', /tmp/my "
        "dir/walk.forth:3:17: byte offset 32 of 32 " +
            std::string(thread));
  CHECK(describeCheck(sig, record(WF_CHECK_OUT_OF_BOUNDS, 0, 0,
                                  static_cast<uint64_t>(-8), 32)) ==
        "out-of-bounds 8-byte store to param 'X', /tmp/my "
        "dir/walk.forth:3:17: byte offset -8 of 32 " +
            std::string(thread));
  // No single origin: the region the access starts in, or none.
  CHECK(describeCheck(sig, record(WF_CHECK_OUT_OF_BOUNDS, 1, 2, 28, 32)) ==
        "out-of-bounds 8-byte load from param 'Y', /tmp/my "
        "dir/walk.forth:4:2: byte offset 28 of 32 " +
            std::string(thread));
  CHECK(describeCheck(sig, record(WF_CHECK_OUT_OF_BOUNDS, 1, WF_CHECK_NO_PARAM,
                                  0x1000, 0)) ==
        "out-of-bounds 8-byte load from no param, /tmp/my "
        "dir/walk.forth:4:2: address 0x1000 is in no array param or shared "
        "memory " +
            std::string(thread));
  CHECK(describeCheck(sig, record(WF_CHECK_ASSERT, 2, 0, 0, 0)) ==
        "assertion failed at /tmp/my dir/walk.forth:5:9 " +
            std::string(thread));
  CHECK(describeCheck(
            sig, record(WF_CHECK_OUT_OF_BOUNDS, 3, WF_CHECK_SHARED, 32, 32)) ==
        "out-of-bounds 4-byte store to shared memory, walk.forth:6:1: byte "
        "offset 32 of 32 " +
            std::string(thread));
  // The CPU executor builds its message from the same pieces.
  int64_t tid[3] = {3, 0, 0}, bid[3] = {0, 2, 0};
  CHECK(outOfBoundsText("8-byte store to param 'X', /tmp/my "
                        "dir/walk.forth:3:17",
                        32, 32, threadText(tid, bid)) ==
        describeCheck(sig, record(WF_CHECK_OUT_OF_BOUNDS, 0, 0, 32, 32)));
}

// A checked GPU kernel's register-array index check (site `index`): the
// record's offset is the index, its size the element count, and the words
// are the CPU executor's (indexText).
TEST_CASE("check report: register-array index", "[check]") {
  KernelSignature sig = parseSignature(
      "// @warpforth-signature 1\n// @kernel k\n// @param X array i64 4\n"
      "// @checked\n// @check-site index register array 'R' (R@), "
      "k.forth:7:3\n// @end\n");
  REQUIRE(sig.checkSites.size() == 1);
  const char *thread = "(thread (3,0,0) of block (0,2,0))";
  CHECK(describeCheck(sig, record(WF_CHECK_OUT_OF_BOUNDS, 0, WF_CHECK_NO_PARAM,
                                  static_cast<uint64_t>(-1), 4)) ==
        "out-of-bounds index into register array 'R' (R@), k.forth:7:3: "
        "index -1 of 4 elements " +
            std::string(thread));
  int64_t tid[3] = {3, 0, 0}, bid[3] = {0, 2, 0};
  CHECK(indexText("register array 'R' (R@), k.forth:7:3", 4, 4,
                  threadText(tid, bid)) ==
        describeCheck(
            sig, record(WF_CHECK_OUT_OF_BOUNDS, 0, WF_CHECK_NO_PARAM, 4, 4)));
}
