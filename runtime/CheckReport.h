//===- CheckReport.h - The words of a failed check, on both devices -------===//
//
// The CPU executor reports an access outside its buffer or a failed ASSERT
// as the thread makes it; a checked GPU kernel records the first one in its
// check record (common/CheckABI.h) and the runtime reports it after the
// launch. Both build the message here, so they say the same thing.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CHECKREPORT_H
#define WARPFORTH_RUNTIME_CHECKREPORT_H

#include "common/CheckABI.h"
#include "common/KernelSignature.h"

#include <cstdint>
#include <string>

namespace wf::rt {

/// "(thread (x,y,z) of block (x,y,z))".
std::string threadText(const int64_t tid[3], const int64_t bid[3]);

/// `what` names the access and its region ("4-byte store to param 'X',
/// k.forth:3:7"): "out-of-bounds WHAT: byte offset N of SIZE (thread ...)".
std::string outOfBoundsText(const std::string &what, uint64_t offset,
                            uint64_t size, const std::string &thread);

/// An access with no single origin: `region` is the buffer it starts in
/// ("param 'X'", "shared memory") or empty for none, when `offset` is the
/// address.
std::string wildAccessText(const std::string &what, const std::string &where,
                           const std::string &region, uint64_t offset,
                           uint64_t size, const std::string &thread);

/// A register-array index outside its array: `what` is "register array
/// 'R' (R@), k.forth:3:7": "out-of-bounds index into WHAT: index N of
/// COUNT elements (thread ...)".
std::string indexText(const std::string &what, int64_t index, uint64_t count,
                      const std::string &thread);

/// "assertion failed at k.forth:3:7 (thread ...)".
std::string assertText(const std::string &where, const std::string &thread);

/// The message for a check record whose status is not WF_CHECK_NONE.
std::string describeCheck(const KernelSignature &sig,
                          const WfCheckRecord &record);

} // namespace wf::rt

#endif
