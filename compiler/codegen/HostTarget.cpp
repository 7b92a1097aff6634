//===- HostTarget.cpp - Lowering hooks for the CPU backend ----------------===//
//
// The host entry takes the params as an array of 64-bit slots and a
// WfHostCtx (common/HostABI.h) that holds the thread's indices, the
// block's shared memory and the callbacks for BARRIER and warp exchange.
//
//===----------------------------------------------------------------------===//
#include "compiler/codegen/HostSanitize.h"
#include "compiler/codegen/TargetHooks.h"

#include "llvm/IR/MDBuilder.h"

#include "common/HostABI.h"

#include <algorithm>
#include <cstddef>

namespace wf::codegen {

namespace {

// ir::AsyncKind and HostABI.h's WfAsyncOp come from one list
// (common/AsyncKinds.def); SETMAXNREG's code must stay clear of it.
static_assert(int(ir::AsyncKind::TmaReduceAdd) < WF_ASYNC_SETMAXNREG,
              "WF_ASYNC_SETMAXNREG collides with an ir::AsyncKind");

class HostHooks : public TargetHooks {
public:
  explicit HostHooks(bool sanitize) : sanitize_(sanitize) {}

  // Sanitize mode: one call into the executor (HostSanitize.cpp).
  void sanitize(llvm::IRBuilder<> &b, llvm::Value *ptr, llvm::Value *bytes,
                int kind, llvm::StringRef site) override {
    if (sanitize_)
      emitSanitizeCall(b, fn->getArg(1), ptr, bytes, kind, site);
  }
  bool sanitizing() const override { return sanitize_; }
  llvm::Function *createKernel(llvm::Module &module,
                               const KernelHeader &header) override {
    llvm::LLVMContext &ctx = module.getContext();
    auto *ptr = llvm::PointerType::get(ctx, 0);
    auto *fnType =
        llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr, ptr}, false);
    fn = llvm::Function::Create(fnType, llvm::GlobalValue::ExternalLinkage,
                                hostEntryName, module);
    fn->getArg(0)->setName("args");
    fn->getArg(1)->setName("ctx");
    fn->addParamAttr(0, llvm::Attribute::NoAlias);
    fn->addParamAttr(1, llvm::Attribute::NoAlias);
    this->header = &header;
    this->module = &module;
    pollCounter = nullptr;
    return fn;
  }

  llvm::Value *param(llvm::IRBuilder<> &b, unsigned index) override {
    const ParamDecl &p = header->params[index];
    llvm::Value *slot =
        b.CreateConstInBoundsGEP1_64(b.getInt64Ty(), fn->getArg(0), index);
    if (p.isArray)
      return b.CreateLoad(b.getPtrTy(), slot, p.name);
    llvm::Type *type;
    switch (p.type) {
    case ElemType::I8:
      type = b.getInt8Ty();
      break;
    case ElemType::I16:
    case ElemType::F16:
    case ElemType::BF16:
      type = b.getInt16Ty();
      break;
    case ElemType::I32:
      type = b.getInt32Ty();
      break;
    case ElemType::F32:
      type = b.getFloatTy();
      break;
    case ElemType::F64:
      type = b.getDoubleTy();
      break;
    default:
      type = b.getInt64Ty();
      break;
    }
    llvm::Value *v = b.CreateLoad(type, slot, p.name);
    // f16 arrives as its bits; the lowering takes a float from here on.
    if (p.type == ElemType::F16)
      return halfToFloat(b, v);
    return v;
  }

  llvm::Value *sharedBase(llvm::IRBuilder<> &b, unsigned index) override {
    llvm::Value *base = b.CreateLoad(
        b.getPtrTy(), field(b, offsetof(WfHostCtx, shared)), "shared");
    return b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), base,
                                        header->shared[index].byteOffset);
  }

  llvm::Value *specialReg(llvm::IRBuilder<> &b, ir::SpecialReg reg) override {
    if (reg == ir::SpecialReg::LinearTid) {
      llvm::Value *ntidX = specialReg(b, ir::SpecialReg::BdimX);
      llvm::Value *plane =
          b.CreateMul(ntidX, specialReg(b, ir::SpecialReg::BdimY));
      return b.CreateAdd(
          specialReg(b, ir::SpecialReg::TidX),
          b.CreateAdd(b.CreateMul(specialReg(b, ir::SpecialReg::TidY), ntidX),
                      b.CreateMul(specialReg(b, ir::SpecialReg::TidZ), plane)));
    }
    if (reg == ir::SpecialReg::LaneId)
      return b.CreateAnd(specialReg(b, ir::SpecialReg::LinearTid), 31);
    if (reg >= ir::SpecialReg::ClusterRank) {
      // cluster_rank, cluster_size, then cluster_id[3], in order.
      static_assert(offsetof(WfHostCtx, cluster_size) ==
                        offsetof(WfHostCtx, cluster_rank) + sizeof(int64_t) &&
                    offsetof(WfHostCtx, cluster_id) ==
                        offsetof(WfHostCtx, cluster_rank) +
                            2 * sizeof(int64_t));
      unsigned k = static_cast<unsigned>(reg) -
                   static_cast<unsigned>(ir::SpecialReg::ClusterRank);
      return b.CreateLoad(
          b.getInt64Ty(),
          field(b, offsetof(WfHostCtx, cluster_rank) + k * sizeof(int64_t)));
    }
    // The twelve registers are four int64_t[3] arrays in order.
    unsigned r = static_cast<unsigned>(reg);
    size_t offset = offsetof(WfHostCtx, tid) + r * sizeof(int64_t);
    static_assert(offsetof(WfHostCtx, bid) == 3 * sizeof(int64_t));
    static_assert(offsetof(WfHostCtx, gdim) == 9 * sizeof(int64_t));
    return b.CreateLoad(b.getInt64Ty(), field(b, offset));
  }

  /// `if (cond) ctx->callback(ctx, args...)`, the call in a cold block: the
  /// executor's fault reports.
  void callIf(llvm::IRBuilder<> &b, llvm::Value *cond, size_t callbackField,
              llvm::ArrayRef<llvm::Value *> args) {
    llvm::LLVMContext &ctx = b.getContext();
    llvm::Function *f = b.GetInsertBlock()->getParent();
    auto *faultBlock = llvm::BasicBlock::Create(ctx, "fault", f);
    auto *next = llvm::BasicBlock::Create(ctx, "no_fault", f);
    b.CreateCondBr(cond, faultBlock, next,
                   llvm::MDBuilder(ctx).createUnlikelyBranchWeights());
    b.SetInsertPoint(faultBlock);
    std::vector<llvm::Value *> callArgs = {fn->getArg(1)};
    std::vector<llvm::Type *> types = {b.getPtrTy()};
    for (llvm::Value *a : args) {
      callArgs.push_back(a);
      types.push_back(a->getType());
    }
    b.CreateCall(llvm::FunctionType::get(b.getVoidTy(), types, false),
                 b.CreateLoad(b.getPtrTy(), field(b, callbackField)), callArgs);
    b.CreateBr(next);
    b.SetInsertPoint(next);
  }

  llvm::Value *guardAccess(llvm::IRBuilder<> &b, llvm::Value *ptr,
                           uint64_t bytes, int param, int,
                           llvm::StringRef what) override {
    llvm::Value *base, *size;
    if (param >= 0) {
      base = b.CreateLoad(
          b.getInt64Ty(),
          b.CreateConstInBoundsGEP1_64(b.getInt64Ty(), fn->getArg(0), param));
      llvm::Value *sizes =
          b.CreateLoad(b.getPtrTy(), field(b, offsetof(WfHostCtx, arg_bytes)));
      size = b.CreateLoad(b.getInt64Ty(), b.CreateConstInBoundsGEP1_64(
                                              b.getInt64Ty(), sizes, param));
    } else {
      base = b.CreatePtrToInt(
          b.CreateLoad(b.getPtrTy(), field(b, offsetof(WfHostCtx, shared))),
          b.getInt64Ty());
      size = b.CreateLoad(b.getInt64Ty(),
                          field(b, offsetof(WfHostCtx, shared_bytes)));
    }
    llvm::Value *offset =
        b.CreateSub(b.CreatePtrToInt(ptr, b.getInt64Ty()), base);
    // offset + bytes <= size, without overflow.
    llvm::Value *ok = b.CreateAnd(
        b.CreateICmpULE(offset, size),
        b.CreateICmpUGE(b.CreateSub(size, offset), b.getInt64(bytes)));
    callIf(b, b.CreateNot(ok), offsetof(WfHostCtx, out_of_bounds),
           {b.CreateGlobalStringPtr(what), offset, size});
    llvm::Value *scratch =
        b.CreateLoad(b.getPtrTy(), field(b, offsetof(WfHostCtx, scratch)));
    return b.CreateSelect(ok, ptr, scratch);
  }

  // The address may lie in any array param's buffer or in shared memory:
  // one range test per array param (its base and size are loop-invariant
  // loads, so LLVM hoists them), the report in a cold block.
  llvm::Value *guardAnyAccess(llvm::IRBuilder<> &b, llvm::Value *ptr,
                              uint64_t bytes, llvm::StringRef what,
                              llvm::StringRef where) override {
    llvm::Value *addr = b.CreatePtrToInt(ptr, b.getInt64Ty());
    auto inside = [&](llvm::Value *base, llvm::Value *size) {
      llvm::Value *offset = b.CreateSub(addr, base);
      return b.CreateAnd(
          b.CreateICmpULE(offset, size),
          b.CreateICmpUGE(b.CreateSub(size, offset), b.getInt64(bytes)));
    };
    llvm::Value *ok = inside(
        b.CreatePtrToInt(
            b.CreateLoad(b.getPtrTy(), field(b, offsetof(WfHostCtx, shared))),
            b.getInt64Ty()),
        b.CreateLoad(b.getInt64Ty(),
                     field(b, offsetof(WfHostCtx, shared_bytes))));
    llvm::Value *sizes =
        b.CreateLoad(b.getPtrTy(), field(b, offsetof(WfHostCtx, arg_bytes)));
    for (size_t i = 0; i < header->params.size(); ++i) {
      if (!header->params[i].isArray || header->params[i].tmap)
        continue;
      llvm::Value *base = b.CreateLoad(
          b.getInt64Ty(),
          b.CreateConstInBoundsGEP1_64(b.getInt64Ty(), fn->getArg(0), i));
      llvm::Value *size =
          b.CreateLoad(b.getInt64Ty(),
                       b.CreateConstInBoundsGEP1_64(b.getInt64Ty(), sizes, i));
      ok = b.CreateOr(ok, inside(base, size));
    }
    callIf(b, b.CreateNot(ok), offsetof(WfHostCtx, wild_access),
           {b.CreateGlobalStringPtr(what), b.CreateGlobalStringPtr(where), addr,
            b.getInt64(bytes), paramNames(b)});
    llvm::Value *scratch =
        b.CreateLoad(b.getPtrTy(), field(b, offsetof(WfHostCtx, scratch)));
    return b.CreateSelect(ok, ptr, scratch);
  }

  // Every CPU run checks register-array indices, as it checks accesses.
  void checkIndex(llvm::IRBuilder<> &b, llvm::Value *index, uint64_t count,
                  llvm::StringRef what) override {
    callIf(b, b.CreateICmpUGE(index, b.getInt64(count)),
           offsetof(WfHostCtx, index_out_of_range),
           {b.CreateGlobalStringPtr(what), index, b.getInt64(count)});
  }

  // A thread in a loop never yields to the executor by itself (fibers switch
  // at barriers and exchanges), so each iteration counts down a local
  // counter (a register once promoted) and, every ctx->loop_poll_interval
  // iterations of any loop, calls loop_poll: the executor stops the thread
  // there when the launch has timed out or been interrupted.
  void loopPoll(llvm::IRBuilder<> &b, llvm::StringRef site) override {
    llvm::Type *i64 = b.getInt64Ty();
    auto interval = [&](llvm::IRBuilder<> &at) {
      return at.CreateLoad(i64,
                           field(at, offsetof(WfHostCtx, loop_poll_interval)));
    };
    if (!pollCounter) {
      llvm::BasicBlock &entry = fn->getEntryBlock();
      llvm::IRBuilder<> e(&entry, entry.begin());
      pollCounter = e.CreateAlloca(i64, nullptr, "poll_counter");
      e.CreateStore(interval(e), pollCounter);
    }
    llvm::Value *left =
        b.CreateSub(b.CreateLoad(i64, pollCounter), b.getInt64(1));
    b.CreateStore(left, pollCounter);
    llvm::LLVMContext &ctx = b.getContext();
    llvm::Function *f = b.GetInsertBlock()->getParent();
    auto *poll = llvm::BasicBlock::Create(ctx, "poll", f);
    auto *next = llvm::BasicBlock::Create(ctx, "polled", f);
    b.CreateCondBr(b.CreateICmpSLE(left, b.getInt64(0)), poll, next,
                   llvm::MDBuilder(ctx).createUnlikelyBranchWeights());
    b.SetInsertPoint(poll);
    llvm::CallInst *call = b.CreateCall(
        llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy(), b.getPtrTy()},
                                false),
        b.CreateLoad(b.getPtrTy(), field(b, offsetof(WfHostCtx, loop_poll))),
        {fn->getArg(1), b.CreateGlobalStringPtr(site)});
    // When it returns it has touched nothing the kernel sees (it reads the
    // executor's own state), so loads of the kernel's memory stay hoistable
    // out of the loop.
    call->setMemoryEffects(
        llvm::MemoryEffects::inaccessibleMemOnly() |
        llvm::MemoryEffects::argMemOnly(llvm::ModRefInfo::Ref));
    call->setDoesNotThrow();
    b.CreateStore(interval(b), pollCounter);
    b.CreateBr(next);
    b.SetInsertPoint(next);
  }

  void assertion(llvm::IRBuilder<> &b, llvm::Value *ok,
                 llvm::StringRef where) override {
    callIf(b, b.CreateNot(ok), offsetof(WfHostCtx, assert_failed),
           {b.CreateGlobalStringPtr(where)});
  }

  /// A constant array of the params' names, null for scalars.
  llvm::Value *paramNames(llvm::IRBuilder<> &b) {
    if (names)
      return names;
    std::vector<llvm::Constant *> items;
    for (const ParamDecl &p : header->params)
      items.push_back(
          p.isArray && !p.tmap
              ? llvm::cast<llvm::Constant>(b.CreateGlobalStringPtr(p.name))
              : llvm::ConstantPointerNull::get(b.getPtrTy()));
    auto *type = llvm::ArrayType::get(b.getPtrTy(), items.size());
    names = new llvm::GlobalVariable(
        *module, type, true, llvm::GlobalValue::PrivateLinkage,
        llvm::ConstantArray::get(type, items), "wf_param_names");
    return names;
  }

  // x86 would do a misaligned vector access (or crash on movaps) where the
  // GPU faults: check, report through ctx->fault, do the access unaligned.
  llvm::Align alignedAccess(llvm::IRBuilder<> &b, llvm::Value *ptr,
                            uint64_t bytes, llvm::StringRef what) override {
    if (bytes <= 1)
      return llvm::Align(1);
    llvm::Value *addr = b.CreatePtrToInt(ptr, b.getInt64Ty());
    llvm::Value *bad =
        b.CreateICmpNE(b.CreateAnd(addr, b.getInt64(bytes - 1)), b.getInt64(0));
    callIf(b, bad, offsetof(WfHostCtx, fault),
           {b.CreateGlobalStringPtr(what), addr});
    return llvm::Align(1);
  }

  // A thread's copies complete at once: its own later reads see them, and
  // other threads see them after a BARRIER, as on the GPU.
  void cpAsync(llvm::IRBuilder<> &b, llvm::Value *dst, llvm::Value *src,
               llvm::Align align) override {
    b.CreateMemCpy(dst, align, src, align, 16);
  }
  void cpAsyncCommit(llvm::IRBuilder<> &) override {}
  void cpAsyncWait(llvm::IRBuilder<> &, unsigned) override {}

  void barrier(llvm::IRBuilder<> &b) override {
    llvm::Value *callback = b.CreateLoad(
        b.getPtrTy(), field(b, offsetof(WfHostCtx, barrier)), "barrier");
    auto *type = llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()}, false);
    b.CreateCall(type, callback, {fn->getArg(1)});
  }

  // The executor's warp_exchange: `bits` offered, lane `src`'s returned
  // (-1: the lane's own).
  llvm::Value *warpExchange(llvm::IRBuilder<> &b, llvm::Value *bits,
                            llvm::Value *src) {
    llvm::Value *callback = b.CreateLoad(
        b.getPtrTy(), field(b, offsetof(WfHostCtx, warp_exchange)));
    auto *fnType = llvm::FunctionType::get(
        b.getInt64Ty(), {b.getPtrTy(), b.getInt64Ty(), b.getInt64Ty()}, false);
    return b.CreateCall(fnType, callback, {fn->getArg(1), bits, src});
  }

  // An exchange whose value nobody reads: the lanes meet there (and the
  // sanitizer orders their accesses and checks that all of them came).
  void warpSync(llvm::IRBuilder<> &b) override {
    warpExchange(b, b.getInt64(0), b.getInt64(-1));
  }

  // The executor's warp_exchange gives every lane the value `srcLane`
  // offered; lanes outside the warp (-1 here) get their own value back, as
  // the GPU's shfl does.
  llvm::Value *shuffle(llvm::IRBuilder<> &b, ir::ShflMode mode,
                       llvm::Value *value, llvm::Value *arg) override {
    llvm::Value *lane = specialReg(b, ir::SpecialReg::LaneId);
    llvm::Value *src;
    switch (mode) {
    case ir::ShflMode::Xor:
      // shfl.bfly uses the mask's low five bits only.
      src = b.CreateXor(lane, b.CreateAnd(arg, 31));
      break;
    case ir::ShflMode::Down:
      src = b.CreateAdd(lane, arg);
      break;
    case ir::ShflMode::Up:
      src = b.CreateSub(lane, arg);
      break;
    case ir::ShflMode::Idx:
      src = b.CreateAnd(arg, 31);
      break;
    }
    llvm::Value *inWarp = b.CreateICmpULT(src, b.getInt64(32));
    src = b.CreateSelect(inWarp, src, b.getInt64(-1));
    llvm::Type *type = value->getType();
    llvm::Value *bits =
        type->isFloatTy() ? b.CreateZExt(b.CreateBitCast(value, b.getInt32Ty()),
                                         b.getInt64Ty())
                          : b.CreateBitCast(value, b.getInt64Ty());
    llvm::Value *got = warpExchange(b, bits, src);
    if (type->isFloatTy())
      return b.CreateBitCast(b.CreateTrunc(got, b.getInt32Ty()), type);
    return b.CreateBitCast(got, type);
  }

  // The executor's warp_collective gathers the warp's operands (HostABI.h);
  // they travel through two arrays on this fiber's stack, shared by every
  // warp-wide word of the kernel so that unrolled code does not grow the
  // stack.
  std::vector<llvm::Value *> collective(llvm::IRBuilder<> &b, int64_t op,
                                        llvm::ArrayRef<llvm::Value *> in,
                                        unsigned results) {
    llvm::Type *i64 = b.getInt64Ty();
    if (!collectiveIn) {
      llvm::IRBuilder<> entry(&fn->getEntryBlock(),
                              fn->getEntryBlock().getFirstInsertionPt());
      collectiveIn =
          entry.CreateAlloca(llvm::ArrayType::get(i64, WF_WARP_COLLECTIVE_IN));
      collectiveOut =
          entry.CreateAlloca(llvm::ArrayType::get(i64, WF_WARP_COLLECTIVE_OUT));
    }
    for (size_t i = 0; i < in.size(); ++i) {
      llvm::Value *v = in[i];
      if (v->getType()->isFloatTy())
        v = b.CreateBitCast(v, b.getInt32Ty());
      if (v->getType()->isPointerTy())
        v = b.CreatePtrToInt(v, i64);
      b.CreateStore(b.CreateZExt(v, i64),
                    b.CreateConstInBoundsGEP1_64(i64, collectiveIn, i));
    }
    llvm::Value *callback = b.CreateLoad(
        b.getPtrTy(), field(b, offsetof(WfHostCtx, warp_collective)));
    auto *fnType = llvm::FunctionType::get(
        b.getVoidTy(), {b.getPtrTy(), i64, b.getPtrTy(), b.getPtrTy()}, false);
    b.CreateCall(fnType, callback,
                 {fn->getArg(1), b.getInt64(op), collectiveIn, collectiveOut});
    std::vector<llvm::Value *> out;
    for (unsigned i = 0; i < results; ++i)
      out.push_back(b.CreateTrunc(
          b.CreateLoad(i64,
                       b.CreateConstInBoundsGEP1_64(i64, collectiveOut, i)),
          b.getInt32Ty()));
    return out;
  }

  // The executor's wgmma hook computes this thread's accumulators from
  // shared memory at once (runtime/cpu/WarpgroupMma.cpp); they travel
  // through one array on the fiber's stack. Nothing is in flight after it,
  // so the fence, commit and wait pass the registers through.
  // With A from registers, a thread's rows of A are in the four lanes of
  // its quad: their a0..a3 come over by shuffles (the same warp exchange as
  // SHFL-IDX) into 16 cells, whose address the hook gets instead of desc-a.
  std::vector<llvm::Value *> wgmma(llvm::IRBuilder<> &b, int64_t imm,
                                   llvm::ArrayRef<llvm::Value *> fixed,
                                   llvm::ArrayRef<llvm::Value *> acc) override {
    llvm::Type *f32 = b.getFloatTy(), *i64 = b.getInt64Ty();
    if (!wgmmaAcc) {
      llvm::IRBuilder<> entry(&fn->getEntryBlock(),
                              fn->getEntryBlock().getFirstInsertionPt());
      wgmmaAcc = entry.CreateAlloca(llvm::ArrayType::get(f32, 128));
      wgmmaRows = entry.CreateAlloca(llvm::ArrayType::get(i64, 16));
    }
    llvm::Value *descA = fixed[0];
    if (imm & ir::wgmmaRegisterA) {
      llvm::Value *lane =
          b.CreateZExtOrTrunc(specialReg(b, ir::SpecialReg::LaneId), i64);
      llvm::Value *quad = b.CreateAnd(lane, b.getInt64(~int64_t(3)));
      for (int i = 0; i < 4; ++i)
        for (int r = 0; r < 4; ++r) {
          llvm::Value *cell = shuffle(b, ir::ShflMode::Idx, fixed[r],
                                      b.CreateAdd(quad, b.getInt64(i)));
          b.CreateStore(
              cell, b.CreateConstInBoundsGEP1_64(i64, wgmmaRows, 4 * i + r));
        }
      descA = b.CreatePtrToInt(wgmmaRows, i64);
    }
    for (size_t i = 0; i < acc.size(); ++i)
      b.CreateStore(acc[i], b.CreateConstInBoundsGEP1_64(f32, wgmmaAcc, i));
    llvm::Value *callback =
        b.CreateLoad(b.getPtrTy(), field(b, offsetof(WfHostCtx, wgmma)));
    auto *fnType = llvm::FunctionType::get(
        b.getVoidTy(), {b.getPtrTy(), i64, i64, i64, i64, b.getPtrTy()}, false);
    b.CreateCall(fnType, callback,
                 {fn->getArg(1), b.getInt64(imm), descA,
                  fixed[fixed.size() - 2], fixed.back(), wgmmaAcc});
    std::vector<llvm::Value *> d;
    for (size_t i = 0; i < acc.size(); ++i)
      d.push_back(
          b.CreateLoad(f32, b.CreateConstInBoundsGEP1_64(f32, wgmmaAcc, i)));
    return d;
  }

  std::vector<llvm::Value *>
  wgmmaSync(llvm::IRBuilder<> &, int64_t,
            llvm::ArrayRef<llvm::Value *> tied) override {
    return {tied.begin(), tied.end()};
  }

  llvm::Value *sharedWindowOffset(llvm::IRBuilder<> &b,
                                  llvm::Value *ptr) override {
    llvm::Value *base =
        b.CreateLoad(b.getPtrTy(), field(b, offsetof(WfHostCtx, shared)));
    return b.CreateSub(b.CreatePtrToInt(ptr, b.getInt64Ty()),
                       b.CreatePtrToInt(base, b.getInt64Ty()));
  }

  // The executor counts each block's registers (BlockScheduler.cpp), so
  // that an increase the block cannot cover, which waits forever on the
  // GPU, fails as a deadlock naming it. A thread's registers at launch are
  // what ptxas gives a kernel with setmaxnreg: the launch bounds' share of
  // the 64K, a multiple of 8 (unknown without launch bounds: 0).
  void setMaxNReg(llvm::IRBuilder<> &b, int n, llvm::StringRef where) override {
    int64_t atLaunch = 0;
    if (header->maxThreads) {
      uint64_t blocks = header->minBlocks ? header->minBlocks : 1;
      atLaunch = static_cast<int64_t>(std::min<uint64_t>(
          65536 / (header->maxThreads * blocks) / 8 * 8, 255));
    }
    callAsync(b, WF_ASYNC_SETMAXNREG, {b.getInt64(n), b.getInt64(atLaunch)},
              where);
  }

  // The executor's async_op does the work (runtime/cpu/AsyncOps.cpp): the
  // operands go through one array on this fiber's stack, as for the
  // warp-wide words.
  llvm::Value *asyncOp(llvm::IRBuilder<> &b, ir::AsyncKind kind,
                       llvm::ArrayRef<llvm::Value *> operands,
                       llvm::StringRef where) override {
    // GRID-DEP-WAIT and GRID-DEP-LAUNCH do nothing on the CPU: the CPU
    // backend runs launches one after another, so when a kernel starts the
    // grid before it has completed and its writes are visible, and there
    // is no next grid to let start early.
    if (kind == ir::AsyncKind::GridDepWait ||
        kind == ir::AsyncKind::GridDepLaunch)
      return nullptr;
    callAsync(b, static_cast<int64_t>(kind), operands, where);
    if (kind != ir::AsyncKind::MbarTryWait && kind != ir::AsyncKind::Mapa &&
        kind != ir::AsyncKind::DsmemLoad)
      return nullptr;
    return b.CreateLoad(b.getInt64Ty(), asyncOut);
  }

  // The executor's async_op(ctx, kind + 256 * operand count, in, out,
  // where), the operands stored to `in` as i64.
  void callAsync(llvm::IRBuilder<> &b, int64_t kind,
                 llvm::ArrayRef<llvm::Value *> operands,
                 llvm::StringRef where) {
    llvm::Type *i64 = b.getInt64Ty();
    if (!asyncIn) {
      llvm::IRBuilder<> entry(&fn->getEntryBlock(),
                              fn->getEntryBlock().getFirstInsertionPt());
      asyncIn = entry.CreateAlloca(llvm::ArrayType::get(i64, WF_ASYNC_MAX_IN));
      asyncOut = entry.CreateAlloca(i64);
    }
    for (size_t i = 0; i < operands.size(); ++i) {
      llvm::Value *v = operands[i];
      if (v->getType()->isPointerTy())
        v = b.CreatePtrToInt(v, i64);
      b.CreateStore(v, b.CreateConstInBoundsGEP1_64(i64, asyncIn, i));
    }
    b.CreateStore(b.getInt64(0), asyncOut);
    llvm::Value *callback =
        b.CreateLoad(b.getPtrTy(), field(b, offsetof(WfHostCtx, async_op)));
    auto *fnType = llvm::FunctionType::get(
        b.getVoidTy(),
        {b.getPtrTy(), i64, b.getPtrTy(), b.getPtrTy(), b.getPtrTy()}, false);
    int64_t op = kind + 256 * int64_t(operands.size());
    b.CreateCall(fnType, callback,
                 {fn->getArg(1), b.getInt64(op), asyncIn, asyncOut,
                  b.CreateGlobalStringPtr(where)});
  }

  std::vector<llvm::Value *>
  mma(llvm::IRBuilder<> &b, ir::MmaKind kind,
      llvm::ArrayRef<llvm::Value *> operands) override {
    unsigned n = ir::mmaAccumulators(kind);
    std::vector<llvm::Value *> d =
        collective(b, static_cast<int64_t>(kind), operands, n);
    if (kind != ir::MmaKind::F16Acc)
      for (llvm::Value *&v : d)
        v = b.CreateBitCast(v, b.getFloatTy());
    return d;
  }

  std::vector<llvm::Value *> matrixLoad(llvm::IRBuilder<> &b, llvm::Value *row,
                                        unsigned count, bool trans) override {
    return collective(b, WF_WARP_LDMATRIX + count + (trans ? WF_WARP_TRANS : 0),
                      {row}, count);
  }

  void matrixStore(llvm::IRBuilder<> &b, llvm::Value *row,
                   llvm::ArrayRef<llvm::Value *> regs, bool trans) override {
    std::vector<llvm::Value *> in = {row};
    in.insert(in.end(), regs.begin(), regs.end());
    collective(b,
               WF_WARP_STMATRIX + int64_t(regs.size()) +
                   (trans ? WF_WARP_TRANS : 0),
               in, 0);
  }

  // A target word's CPU meaning is the C function wf_word_<Enum>
  // (HostWords.cpp) that the JIT links in. Values that C passes differently
  // from LLVM (vectors, 16-bit floats) travel as integers of their size;
  // a struct result comes back through a pointer to it.
  std::vector<llvm::Value *>
  targetWord(llvm::IRBuilder<> &b, Prim prim, const std::string &,
             llvm::FunctionType *type,
             llvm::ArrayRef<llvm::Value *> args) override {
    auto asC = [&](llvm::Type *t) -> llvm::Type * {
      if (t->isFloatTy() || t->isDoubleTy() || t->isIntegerTy())
        return t;
      return b.getIntNTy(t->getPrimitiveSizeInBits());
    };
    std::vector<llvm::Type *> params;
    std::vector<llvm::Value *> callArgs;
    for (llvm::Value *a : args) {
      params.push_back(asC(a->getType()));
      callArgs.push_back(b.CreateBitCast(a, params.back()));
    }
    llvm::Type *result = type->getReturnType();
    auto *st = llvm::dyn_cast<llvm::StructType>(result);
    llvm::Value *out = nullptr;
    if (st) {
      llvm::IRBuilder<> entry(&fn->getEntryBlock(),
                              fn->getEntryBlock().getFirstInsertionPt());
      out = entry.CreateAlloca(st);
      params.push_back(b.getPtrTy());
      callArgs.push_back(out);
    }
    llvm::Type *cResult =
        st || result->isVoidTy() ? b.getVoidTy() : asC(result);
    llvm::FunctionCallee callee = module->getOrInsertFunction(
        std::string("wf_word_") + primitiveInfo(prim).enumName,
        llvm::FunctionType::get(cResult, params, false));
    llvm::Value *r = b.CreateCall(callee, callArgs);
    if (st)
      return splitResults(b, b.CreateLoad(st, out));
    if (result->isVoidTy())
      return {};
    return {b.CreateBitCast(r, result)};
  }

  llvm::Value *math(llvm::IRBuilder<> &b, ir::Op op,
                    llvm::ArrayRef<llvm::Value *> args,
                    llvm::Type *type) override {
    bool f32 = type->isFloatTy();
    switch (op) {
    case ir::Op::FExp:
    case ir::Op::FExp2: {
      llvm::Value *r = b.CreateUnaryIntrinsic(
          op == ir::Op::FExp ? llvm::Intrinsic::exp : llvm::Intrinsic::exp2,
          args[0]);
      if (!f32)
        return r;
      // The GPU's ex2.approx.ftz: results below 2^-126 are 0.
      llvm::Value *tiny =
          b.CreateFCmpOLT(r, llvm::ConstantFP::get(type, 0x1p-126));
      return b.CreateSelect(tiny, llvm::ConstantFP::get(type, 0.0), r);
    }
    case ir::Op::FToTF32: {
      // cvt.rna.tf32.f32: add half of the dropped 13 bits to the magnitude
      // (ties away from zero), clear them; NaN stays NaN.
      llvm::Value *bits = b.CreateBitCast(args[0], b.getInt32Ty());
      llvm::Value *rounded =
          b.CreateAnd(b.CreateAdd(bits, b.getInt32(0x1000)), 0xffffe000u);
      llvm::Value *isNaN = b.CreateFCmpUNO(args[0], args[0]);
      return b.CreateSelect(isNaN, args[0], b.CreateBitCast(rounded, type));
    }
    case ir::Op::FLog:
      return b.CreateUnaryIntrinsic(llvm::Intrinsic::log, args[0]);
    case ir::Op::FPow:
      return b.CreateBinaryIntrinsic(llvm::Intrinsic::pow, args[0], args[1]);
    case ir::Op::FTanhApprox: {
      // tanh.approx.f32 is within 2^-10.987 relative (PTX ISA); libm's
      // tanhf in f32 (f64 mode rounds through f32 as the GPU does).
      llvm::Type *f = b.getFloatTy();
      llvm::FunctionCallee callee = module->getOrInsertFunction(
          "tanhf", llvm::FunctionType::get(f, {f}, false));
      return b.CreateFPCast(
          b.CreateCall(callee, {b.CreateFPCast(args[0], f)}), type);
    }
    case ir::Op::FTanh:
    case ir::Op::FSin:
    case ir::Op::FCos:
    case ir::Op::FErf: {
      // libm's, within an ulp where libdevice is within two.
      const char *name = op == ir::Op::FTanh  ? (f32 ? "tanhf" : "tanh")
                         : op == ir::Op::FSin ? (f32 ? "sinf" : "sin")
                         : op == ir::Op::FCos ? (f32 ? "cosf" : "cos")
                                              : (f32 ? "erff" : "erf");
      llvm::FunctionCallee callee = module->getOrInsertFunction(
          name, llvm::FunctionType::get(type, {type}, false));
      return b.CreateCall(callee, args);
    }
    default:
      return nullptr;
    }
  }

  unsigned addressSpace(ir::AddrSpace) const override { return 0; }

  // x86 has no half arithmetic; call small helpers the JIT provides
  // rather than depend on compiler-rt's soft-float symbols.
  llvm::Value *halfToFloat(llvm::IRBuilder<> &b, llvm::Value *bits) override {
    llvm::FunctionCallee callee = module->getOrInsertFunction(
        "wf_half_to_float",
        llvm::FunctionType::get(b.getFloatTy(), {b.getInt16Ty()}, false));
    return b.CreateCall(callee, {bits});
  }

  llvm::Value *floatToHalf(llvm::IRBuilder<> &b, llvm::Value *f32) override {
    llvm::FunctionCallee callee = module->getOrInsertFunction(
        "wf_float_to_half",
        llvm::FunctionType::get(b.getInt16Ty(), {b.getFloatTy()}, false));
    return b.CreateCall(callee, {f32});
  }

private:
  llvm::Value *field(llvm::IRBuilder<> &b, size_t offset) {
    return b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), fn->getArg(1), offset);
  }

  bool sanitize_ = false;
  llvm::Function *fn = nullptr;
  llvm::Value *pollCounter = nullptr;  // loopPoll's countdown, per kernel
  llvm::Value *wgmmaAcc = nullptr;     // wgmma's accumulators, per kernel
  llvm::Value *wgmmaRows = nullptr;    // and its A cells from registers
  llvm::Value *collectiveIn = nullptr; // warp-wide words' operands, per kernel
  llvm::Value *collectiveOut = nullptr;
  llvm::Value *asyncIn = nullptr; // async words' operands, per kernel
  llvm::Value *asyncOut = nullptr;
  llvm::GlobalVariable *names = nullptr; // wf_param_names
  llvm::Module *module = nullptr;
  const KernelHeader *header = nullptr;
};

} // namespace

std::unique_ptr<TargetHooks> createHostHooks(bool sanitize) {
  return std::make_unique<HostHooks>(sanitize);
}

} // namespace wf::codegen
