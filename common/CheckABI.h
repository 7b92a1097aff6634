//===- CheckABI.h - The check record of a kernel built with checks --------===//
//
// A kernel compiled for the GPU with --check-bounds (or with a nonzero
// DEBUG constant, for ASSERT) takes one hidden argument after its params: a
// pointer to a small device buffer that the runtime fills before the launch
// and reads after it. The signature says so with `// @checked` and lists
// the kernel's check sites, one `// @check-site` line each, in index order:
//
//   // @check-site access 8-byte store to param 'X', k.forth:3:7
//   // @check-site any 8-byte store to|k.forth:9:2
//   // @check-site assert k.forth:12:5
//   // @check-site index register array 'R' (R@), k.forth:14:3
//
// `access`: the text names the region (a param or shared memory); `any`:
// the address had no single origin, the record says which region it starts
// in (`what|where`); `assert`: a failed ASSERT; `index`: a computed
// register-array index outside the array (`offset` the index, `size` the
// array's elements; a read gives element 0, a write is dropped). The first
// failing check wins an atomic compare-and-swap on `status` and fills in the
// record; a failing access is skipped (a load gives 0), so the thread goes on
// harmlessly, as on the CPU.
//
// Plain C: the compiler reads the offsets, the runtime the struct.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMMON_CHECKABI_H
#define WARPFORTH_COMMON_CHECKABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  WF_CHECK_NONE = 0,
  WF_CHECK_OUT_OF_BOUNDS = 1,
  WF_CHECK_ASSERT = 2,
};

// Regions in `region`: a param index, or one of these.
#define WF_CHECK_SHARED (-1)
#define WF_CHECK_NO_PARAM (-2)

typedef struct WfCheckRecord {
  uint32_t status;      // 0, then WF_CHECK_* of the first failure (by CAS)
  uint32_t site;        // index of its @check-site line
  int64_t region;       // param index, WF_CHECK_SHARED or WF_CHECK_NO_PARAM
  uint64_t offset;      // byte offset in the region (the address if none)
  uint64_t size;        // the region's bytes
  uint32_t tid[3];      // the thread that failed
  uint32_t bid[3];      // and its block
  uint64_t sharedBytes; // in: static + dynamic shared bytes of the launch
  // Then, at WF_CHECK_ARG_BYTES_OFFSET, in: each param's buffer bytes
  // (0 for scalars), one uint64_t per param.
} WfCheckRecord;

#define WF_CHECK_ARG_BYTES_OFFSET 64

#ifdef __cplusplus
}
#endif

#endif
