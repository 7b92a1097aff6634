//===- TargetHooks.h - What differs between the GPU and the host CPU ------===//
//
// The IR is lowered to LLVM IR once; only the handful of operations that
// touch the execution model (how params arrive, where shared memory is,
// thread indices, barriers, math routines) ask the target.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_CODEGEN_TARGETHOOKS_H
#define WARPFORTH_COMPILER_CODEGEN_TARGETHOOKS_H

#include "compiler/ir/IR.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace wf::codegen {

class TargetHooks {
public:
  virtual ~TargetHooks();

  /// Creates the kernel's LLVM function (and any globals it needs).
  virtual llvm::Function *createKernel(llvm::Module &module,
                                       const KernelHeader &header) = 0;
  /// An array param's base address, or a scalar param's value in its
  /// declared type (bf16 comes as i16 bits).
  virtual llvm::Value *param(llvm::IRBuilder<> &b, unsigned index) = 0;
  /// The address of a shared array as a pointer in the shared space.
  virtual llvm::Value *sharedBase(llvm::IRBuilder<> &b, unsigned index) = 0;
  virtual llvm::Value *specialReg(llvm::IRBuilder<> &b, ir::SpecialReg reg) = 0;
  virtual void barrier(llvm::IRBuilder<> &b) = 0;
  /// The warp's lanes meet (WARP-SYNC): CUDA's __syncwarp.
  virtual void warpSync(llvm::IRBuilder<> &b) = 0;
  /// The alignment to give a `bytes`-wide access at `ptr` that the language
  /// requires to be aligned: the GPU faults otherwise. A target that would
  /// not (the host) checks, reports the fault, and returns 1.
  /// `ptr` for a `bytes`-wide access into array param `param`, or into
  /// shared memory when `param` is -1 (built from shared array
  /// `sharedArray`, -1 when unknown). The host checks the bounds, reports an
  /// access outside them and redirects it; so does the GPU in a checked
  /// build; otherwise the GPU takes it as is.
  virtual llvm::Value *guardAccess(llvm::IRBuilder<> &, llvm::Value *ptr,
                                   uint64_t, int, int, llvm::StringRef) {
    return ptr;
  }
  /// Closes the latest guardAccess/guardAnyAccess once its access (with
  /// result `v`, or null) is emitted: a target that skips a failing access
  /// instead of redirecting it joins the paths here; returns the value to
  /// use (0 where the access was skipped).
  virtual llvm::Value *endGuard(llvm::IRBuilder<> &, llvm::Value *v) {
    return v;
  }
  /// A computed register-array index (i64) that must be below `count`:
  /// the host reports one outside it, so does the GPU in a checked build;
  /// otherwise the GPU checks nothing. `what` names the array, the word and
  /// file:line:col ("register array 'R' (R@), k.forth:3:7").
  virtual void checkIndex(llvm::IRBuilder<> &, llvm::Value *, uint64_t,
                          llvm::StringRef) {}
  /// At the top of a loop header, so once per iteration: the host counts
  /// iterations and every so many asks the executor whether the launch
  /// must stop (a timeout, Ctrl-C); `site` is "file:line:col in the loop
  /// at 'WORD'". The GPU emits nothing.
  virtual void loopPoll(llvm::IRBuilder<> &, llvm::StringRef) {}
  /// ASSERT: reports when `ok` (i1) is false; `where` is file:line:col.
  virtual void assertion(llvm::IRBuilder<> &, llvm::Value *, llvm::StringRef) {}
  /// The check sites of a checked build, in index order: the text of each
  /// `// @check-site` line (common/CheckABI.h).
  virtual std::vector<std::string> checkSites() const { return {}; }
  /// `ptr` for a `bytes`-wide global access whose array param the lowering
  /// cannot tell (`what`: "8-byte store to"; `where`: file:line:col). The
  /// host checks it against every array param's buffer and shared memory.
  virtual llvm::Value *guardAnyAccess(llvm::IRBuilder<> &, llvm::Value *ptr,
                                      uint64_t, llvm::StringRef,
                                      llvm::StringRef) {
    return ptr;
  }
  virtual llvm::Align alignedAccess(llvm::IRBuilder<> &, llvm::Value *,
                                    uint64_t bytes, llvm::StringRef) {
    return llvm::Align(bytes);
  }
  /// cp.async of 16 bytes from global `src` to shared `dst`, the closing of
  /// a group, and the wait until at most `n` groups are in flight.
  virtual void cpAsync(llvm::IRBuilder<> &b, llvm::Value *dst, llvm::Value *src,
                       llvm::Align align) = 0;
  virtual void cpAsyncCommit(llvm::IRBuilder<> &b) = 0;
  virtual void cpAsyncWait(llvm::IRBuilder<> &b, unsigned n) = 0;
  /// A warp shuffle of `value` (i64, f32 or f64); `arg` is the i64 lane,
  /// mask or delta.
  virtual llvm::Value *shuffle(llvm::IRBuilder<> &b, ir::ShflMode mode,
                               llvm::Value *value, llvm::Value *arg) = 0;
  /// One warp-wide mma.sync of `kind` (the PTX fragment layout): a0..a3,
  /// b0, b1 (f32 for TF32, else i32 holding two 16-bit values), then the
  /// accumulators (f32, or i32 pairs for F16Acc); returns d0.. the same way.
  virtual std::vector<llvm::Value *>
  mma(llvm::IRBuilder<> &b, ir::MmaKind kind,
      llvm::ArrayRef<llvm::Value *> operands) = 0;
  /// ldmatrix of `count` 8x8 b16 matrices: `row` is this lane's 16-byte row
  /// in shared memory (checked by guardAccess); returns `count` i32.
  virtual std::vector<llvm::Value *> matrixLoad(llvm::IRBuilder<> &b,
                                                llvm::Value *row,
                                                unsigned count, bool trans) = 0;
  /// stmatrix of the i32 `regs` (1, 2 or 4 matrices) to this lane's row.
  virtual void matrixStore(llvm::IRBuilder<> &b, llvm::Value *row,
                           llvm::ArrayRef<llvm::Value *> regs, bool trans) = 0;
  /// One wgmma.mma_async (ir::wgmmaImm `imm`): `fixed` is desc-a desc-b
  /// scale-d, or a0..a3 desc-b scale-d with A from registers (i64 cells;
  /// scale-d 0: ignore the accumulators); the f32 accumulators come back
  /// updated.
  virtual std::vector<llvm::Value *>
  wgmma(llvm::IRBuilder<> &b, int64_t imm, llvm::ArrayRef<llvm::Value *> fixed,
        llvm::ArrayRef<llvm::Value *> acc) = 0;
  /// wgmma.fence / commit_group / wait_group (ir::WgmmaSyncKind | n << 8)
  /// with the f32 registers `tied` passed through (returned).
  virtual std::vector<llvm::Value *>
  wgmmaSync(llvm::IRBuilder<> &b, int64_t imm,
            llvm::ArrayRef<llvm::Value *> tied) = 0;
  /// A shared pointer's i64 offset in the block's shared window.
  virtual llvm::Value *sharedWindowOffset(llvm::IRBuilder<> &b,
                                          llvm::Value *ptr) = 0;
  /// setmaxnreg.inc (n > 0) or .dec (n < 0) to |n| registers; `where`
  /// names the word and its source position (the CPU backend's errors).
  virtual void setMaxNReg(llvm::IRBuilder<> &b, int n,
                          llvm::StringRef where) = 0;
  /// A word of family Async (ir::AsyncKind) with its operands in the word's
  /// order: shared addresses (mbarriers, TMA tiles) as shared pointers,
  /// every other cell as i64 (a tensor map's address, coordinates, counts;
  /// TMA-STORE-WAIT's count a constant). `where` is "'WORD', file:line:col".
  /// Returns MBAR-TRY-WAIT's flag (i64 -1 or 0), else null.
  virtual llvm::Value *asyncOp(llvm::IRBuilder<> &b, ir::AsyncKind kind,
                               llvm::ArrayRef<llvm::Value *> operands,
                               llvm::StringRef where) = 0;
  /// A word of family Target (Primitives.def): `type` is the type of its
  /// NVVM intrinsic `intrinsic`, `args` are already of its parameter types.
  /// Returns its results (a struct's members one by one). The GPU calls the
  /// intrinsic; the host calls the word's CPU meaning (HostWords.cpp).
  virtual std::vector<llvm::Value *>
  targetWord(llvm::IRBuilder<> &b, Prim prim, const std::string &intrinsic,
             llvm::FunctionType *type, llvm::ArrayRef<llvm::Value *> args) = 0;
  /// Float math (FExp, FExp2, FLog, FTanh, FPow, FToTF32, FSin, FCos,
  /// FErf), in `type`.
  virtual llvm::Value *math(llvm::IRBuilder<> &b, ir::Op op,
                            llvm::ArrayRef<llvm::Value *> args,
                            llvm::Type *type) = 0;
  /// Sanitize mode (the host's CompileOptions::sanitize): tells the
  /// executor of an access at `ptr` (null for a site-only event) of `bytes`
  /// (i64) of WfSanitizeKind `kind` at `site` ("file:line:col 'WORD'").
  /// Nothing elsewhere.
  virtual void sanitize(llvm::IRBuilder<> &, llvm::Value *, llvm::Value *, int,
                        llvm::StringRef) {}
  virtual bool sanitizing() const { return false; }
  virtual unsigned addressSpace(ir::AddrSpace space) const = 0;
  /// Adds the f32 `values` to consecutive f32s at `ptr` (global memory),
  /// atomically each, with no result (2FATOMIC-ADD-F32): one relaxed
  /// atomicrmw fadd a value here, one red.global.add.vN.f32 on the GPU.
  virtual void vectorAtomicFAdd(llvm::IRBuilder<> &b, llvm::Value *ptr,
                                llvm::ArrayRef<llvm::Value *> values);
  /// The results of a call: none, the value, or a struct's members.
  static std::vector<llvm::Value *> splitResults(llvm::IRBuilder<> &b,
                                                 llvm::Value *r);
  /// f16 <-> f32 conversions (the host has no native half type).
  virtual llvm::Value *halfToFloat(llvm::IRBuilder<> &b, llvm::Value *bits);
  virtual llvm::Value *floatToHalf(llvm::IRBuilder<> &b, llvm::Value *f32);
};

/// `checked`: the kernel takes the check record (common/CheckABI.h) for
/// ASSERT (assertion) and, with `checkBounds`, checks its accesses
/// (guardAccess, guardAnyAccess).
std::unique_ptr<TargetHooks> createNVPTXHooks(bool checked = false,
                                              bool checkBounds = false);
/// `sanitize`: instrument shared-memory accesses, global stores and the
/// synchronisation words for the CPU executor's sanitizer (HostABI.h).
std::unique_ptr<TargetHooks> createHostHooks(bool sanitize = false);

/// The name of the host entry point: void(const uint64_t *, WfHostCtx *).
inline constexpr const char *hostEntryName = "wf_host_entry";

} // namespace wf::codegen

#endif
