//===- NVPTXTarget.cpp - Lowering hooks for NVIDIA GPUs -------------------===//
//
// Params arrive as kernel arguments (arrays as global pointers), shared
// arrays are `.shared` globals, thread indices are special registers and
// f64 math calls libdevice (linked later). f32 FEXP uses ex2.approx like
// CUDA's __expf: it is what fast attention kernels need.
//
//===----------------------------------------------------------------------===//
#include "compiler/codegen/TargetHooks.h"

#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Metadata.h"

#include "common/CheckABI.h"

#include <algorithm>
#include <cstddef>

namespace wf::codegen {

TargetHooks::~TargetHooks() = default;

std::vector<llvm::Value *> TargetHooks::splitResults(llvm::IRBuilder<> &b,
                                                     llvm::Value *r) {
  llvm::Type *type = r->getType();
  if (type->isVoidTy())
    return {};
  auto *st = llvm::dyn_cast<llvm::StructType>(type);
  if (!st)
    return {r};
  std::vector<llvm::Value *> members;
  for (unsigned i = 0; i < st->getNumElements(); ++i)
    members.push_back(b.CreateExtractValue(r, i));
  return members;
}

void TargetHooks::vectorAtomicFAdd(llvm::IRBuilder<> &b, llvm::Value *ptr,
                                   llvm::ArrayRef<llvm::Value *> values) {
  for (size_t i = 0; i < values.size(); ++i)
    b.CreateAtomicRMW(llvm::AtomicRMWInst::FAdd,
                      b.CreateConstGEP1_64(b.getFloatTy(), ptr, i), values[i],
                      llvm::MaybeAlign(4), llvm::AtomicOrdering::Monotonic);
}

llvm::Value *TargetHooks::halfToFloat(llvm::IRBuilder<> &b, llvm::Value *bits) {
  return b.CreateFPExt(b.CreateBitCast(bits, b.getHalfTy()), b.getFloatTy());
}

llvm::Value *TargetHooks::floatToHalf(llvm::IRBuilder<> &b, llvm::Value *f32) {
  return b.CreateBitCast(b.CreateFPTrunc(f32, b.getHalfTy()), b.getInt16Ty());
}

namespace {

constexpr unsigned globalAS = 1, sharedAS = 3;

llvm::Type *paramType(llvm::LLVMContext &ctx, const ParamDecl &p) {
  if (p.tmap) // the CUtensorMap itself, by value (a grid constant)
    return llvm::PointerType::get(ctx, 0);
  if (p.isArray)
    return llvm::PointerType::get(ctx, globalAS);
  switch (p.type) {
  case ElemType::I8:
    return llvm::Type::getInt8Ty(ctx);
  case ElemType::I16:
  case ElemType::BF16:
    return llvm::Type::getInt16Ty(ctx);
  case ElemType::I32:
    return llvm::Type::getInt32Ty(ctx);
  case ElemType::I64:
    return llvm::Type::getInt64Ty(ctx);
  case ElemType::F16:
    return llvm::Type::getHalfTy(ctx);
  case ElemType::F32:
    return llvm::Type::getFloatTy(ctx);
  case ElemType::F64:
    return llvm::Type::getDoubleTy(ctx);
  }
  return llvm::Type::getInt64Ty(ctx);
}

// Inline PTX, with side effects and convergent, as clang emits CUDA's asm:
// many of these are warp- or block-wide (.sync.aligned, bar, mbarrier
// waits), and LLVM may not make a call that is not convergent depend on
// more of the threads' values (sink it into a branch, split it between
// the paths of one).
llvm::CallInst *callPtx(llvm::IRBuilder<> &b, llvm::FunctionType *type,
                        const std::string &text, const std::string &constraints,
                        llvm::ArrayRef<llvm::Value *> args) {
  llvm::CallInst *call =
      b.CreateCall(llvm::InlineAsm::get(type, text, constraints, true), args);
  call->addFnAttr(llvm::Attribute::Convergent);
  return call;
}

class NVPTXHooks : public TargetHooks {
public:
  NVPTXHooks(bool checked, bool checkBounds)
      : checked(checked), checkBounds(checked && checkBounds) {}

  llvm::Function *createKernel(llvm::Module &module,
                               const KernelHeader &header) override {
    llvm::LLVMContext &ctx = module.getContext();
    std::vector<llvm::Type *> types;
    for (const ParamDecl &p : header.params)
      types.push_back(paramType(ctx, p));
    // A checked build's hidden last argument: the check record.
    if (checked)
      types.push_back(llvm::PointerType::get(ctx, globalAS));
    auto *fnType =
        llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), types, false);
    fn = llvm::Function::Create(fnType, llvm::GlobalValue::ExternalLinkage,
                                header.name, module);
    fn->setCallingConv(llvm::CallingConv::PTX_Kernel);
    for (unsigned i = 0; i < header.params.size(); ++i) {
      fn->getArg(i)->setName(header.params[i].name);
      if (header.params[i].tmap) {
        // `.param .align 64 .b8 NAME[128]`: the 128-byte CUtensorMap the
        // runtime encodes, passed by value; "grid_constant" below lets the
        // kernel take its address (cvta.param) for the TMA instructions.
        auto *map = llvm::ArrayType::get(llvm::Type::getInt8Ty(ctx), 128);
        fn->addParamAttr(i, llvm::Attribute::getWithByValType(ctx, map));
        fn->addParamAttr(
            i, llvm::Attribute::getWithAlignment(ctx, llvm::Align(64)));
        continue;
      }
      fn->addParamAttr(i, llvm::Attribute::NoUndef);
    }
    if (checked) {
      unsigned i = header.params.size();
      fn->getArg(i)->setName("wf_check");
      fn->addParamAttr(i, llvm::Attribute::NoUndef);
      fn->addParamAttr(i, llvm::Attribute::NoAlias);
    }
    this->header = &header;
    // Marks the function as a kernel entry for the NVPTX back end, with
    // its launch bounds (.maxntid N, 1, 1 bounds the product of the block's
    // sizes; .minnctapersm M makes ptxas keep registers to M blocks' share).
    auto annotate = [&](const char *key, uint64_t value) {
      llvm::Metadata *md[] = {
          llvm::ValueAsMetadata::get(fn), llvm::MDString::get(ctx, key),
          llvm::ConstantAsMetadata::get(
              llvm::ConstantInt::get(llvm::Type::getInt32Ty(ctx), value))};
      module.getOrInsertNamedMetadata("nvvm.annotations")
          ->addOperand(llvm::MDNode::get(ctx, md));
    };
    annotate("kernel", 1);
    std::vector<llvm::Metadata *> gridConstants;
    for (unsigned i = 0; i < header.params.size(); ++i)
      if (header.params[i].tmap)
        gridConstants.push_back(llvm::ConstantAsMetadata::get(
            llvm::ConstantInt::get(llvm::Type::getInt32Ty(ctx), i + 1)));
    if (!gridConstants.empty()) {
      llvm::Metadata *md[] = {llvm::ValueAsMetadata::get(fn),
                              llvm::MDString::get(ctx, "grid_constant"),
                              llvm::MDNode::get(ctx, gridConstants)};
      module.getOrInsertNamedMetadata("nvvm.annotations")
          ->addOperand(llvm::MDNode::get(ctx, md));
    }
    // A required block shape (.reqntid) implies its thread count as the
    // bound, and PTX takes one of .maxntid and .reqntid, not both.
    if (header.block[0]) {
      annotate("reqntidx", header.block[0]);
      annotate("reqntidy", header.block[1]);
      annotate("reqntidz", header.block[2]);
    } else if (header.maxThreads) {
      annotate("maxntidx", header.maxThreads);
    }
    if (header.minBlocks)
      annotate("minctasm", header.minBlocks);

    // The extern array starts where the launch's dynamic memory does: at
    // the largest alignment any array in it asks for.
    uint64_t externAlign = 16;
    for (const SharedDecl &s : header.shared)
      if (s.dynamic || s.large)
        externAlign = std::max(externAlign, s.align);
    for (const SharedDecl &s : header.shared) {
      if (s.dynamic || s.large) {
        // `.extern .shared .align 16 .b8 NAME[]`: the memory given at launch
        // (every extern array starts there), this array at its offset in it.
        auto *arrayType = llvm::ArrayType::get(llvm::Type::getInt8Ty(ctx), 0);
        auto *gv = new llvm::GlobalVariable(
            module, arrayType, false, llvm::GlobalValue::ExternalLinkage,
            nullptr, "shared_" + s.name, nullptr,
            llvm::GlobalValue::NotThreadLocal, sharedAS);
        gv->setAlignment(llvm::Align(externAlign));
        uint64_t offset = s.byteOffset - header.sharedBytes;
        shared.push_back(offset == 0
                             ? static_cast<llvm::Constant *>(gv)
                             : llvm::ConstantExpr::getInBoundsGetElementPtr(
                                   llvm::Type::getInt8Ty(ctx), gv,
                                   llvm::ConstantInt::get(
                                       llvm::Type::getInt64Ty(ctx), offset)));
        continue;
      }
      auto *arrayType = llvm::ArrayType::get(llvm::Type::getInt8Ty(ctx),
                                             static_cast<uint64_t>(s.count) *
                                                 elemTypeBytes(s.type));
      auto *gv = new llvm::GlobalVariable(
          module, arrayType, false, llvm::GlobalValue::InternalLinkage,
          llvm::UndefValue::get(arrayType), "shared_" + s.name, nullptr,
          llvm::GlobalValue::NotThreadLocal, sharedAS);
      gv->setAlignment(llvm::Align(s.align));
      shared.push_back(gv);
    }
    this->module = &module;
    return fn;
  }

  llvm::Value *param(llvm::IRBuilder<> &, unsigned index) override {
    return fn->getArg(index);
  }

  llvm::Value *sharedBase(llvm::IRBuilder<> &, unsigned index) override {
    return shared[index];
  }

  llvm::Value *specialReg(llvm::IRBuilder<> &b, ir::SpecialReg reg) override {
    using namespace llvm::Intrinsic;
    if (reg == ir::SpecialReg::LinearTid) {
      auto read = [&](ID id) {
        return b.CreateZExt(b.CreateIntrinsic(id, {}, {}), b.getInt64Ty());
      };
      llvm::Value *ntidX = read(nvvm_read_ptx_sreg_ntid_x);
      llvm::Value *plane = b.CreateMul(ntidX, read(nvvm_read_ptx_sreg_ntid_y));
      return b.CreateAdd(
          read(nvvm_read_ptx_sreg_tid_x),
          b.CreateAdd(b.CreateMul(read(nvvm_read_ptx_sreg_tid_y), ntidX),
                      b.CreateMul(read(nvvm_read_ptx_sreg_tid_z), plane)));
    }
    static const ID ids[] = {
        nvvm_read_ptx_sreg_tid_x,           nvvm_read_ptx_sreg_tid_y,
        nvvm_read_ptx_sreg_tid_z,           nvvm_read_ptx_sreg_ctaid_x,
        nvvm_read_ptx_sreg_ctaid_y,         nvvm_read_ptx_sreg_ctaid_z,
        nvvm_read_ptx_sreg_ntid_x,          nvvm_read_ptx_sreg_ntid_y,
        nvvm_read_ptx_sreg_ntid_z,          nvvm_read_ptx_sreg_nctaid_x,
        nvvm_read_ptx_sreg_nctaid_y,        nvvm_read_ptx_sreg_nctaid_z,
        nvvm_read_ptx_sreg_laneid,          nvvm_read_ptx_sreg_laneid, // unused
        nvvm_read_ptx_sreg_cluster_ctarank, nvvm_read_ptx_sreg_cluster_nctarank,
        nvvm_read_ptx_sreg_clusterid_x,     nvvm_read_ptx_sreg_clusterid_y,
        nvvm_read_ptx_sreg_clusterid_z};
    static_assert(sizeof ids / sizeof ids[0] ==
                  unsigned(ir::SpecialReg::ClusterIdZ) + 1);
    llvm::Value *v = b.CreateIntrinsic(ids[static_cast<unsigned>(reg)], {}, {});
    return b.CreateZExt(v, b.getInt64Ty());
  }

  void cpAsync(llvm::IRBuilder<> &b, llvm::Value *dst, llvm::Value *src,
               llvm::Align) override {
    // .cg: cached in L2 only, as streamed tiles want.
    b.CreateIntrinsic(llvm::Intrinsic::nvvm_cp_async_cg_shared_global_16, {},
                      {dst, src});
  }
  void cpAsyncCommit(llvm::IRBuilder<> &b) override {
    b.CreateIntrinsic(llvm::Intrinsic::nvvm_cp_async_commit_group, {}, {});
  }
  void cpAsyncWait(llvm::IRBuilder<> &b, unsigned n) override {
    b.CreateIntrinsic(llvm::Intrinsic::nvvm_cp_async_wait_group, {},
                      {b.getInt32(n)});
  }

  void barrier(llvm::IRBuilder<> &b) override {
    b.CreateIntrinsic(llvm::Intrinsic::nvvm_barrier0, {}, {});
  }

  // bar.warp.sync over the active lanes, as the shuffles take them: a
  // partial warp at a block's end syncs the lanes it has.
  void warpSync(llvm::IRBuilder<> &b) override {
    llvm::Value *members =
        b.CreateIntrinsic(llvm::Intrinsic::nvvm_activemask, {}, {});
    b.CreateIntrinsic(llvm::Intrinsic::nvvm_bar_warp_sync, {}, {members});
  }

  // shfl.sync moves 32 bits: wider values go in two halves. The member
  // mask is the active mask, so partial warps at a block's end work.
  llvm::Value *shuffle(llvm::IRBuilder<> &b, ir::ShflMode mode,
                       llvm::Value *value, llvm::Value *arg) override {
    using namespace llvm::Intrinsic;
    ID id = mode == ir::ShflMode::Xor    ? nvvm_shfl_sync_bfly_i32
            : mode == ir::ShflMode::Down ? nvvm_shfl_sync_down_i32
            : mode == ir::ShflMode::Up   ? nvvm_shfl_sync_up_i32
                                         : nvvm_shfl_sync_idx_i32;
    // The clamp operand: lanes count up to 31, except shfl.up counts down
    // to 0.
    llvm::Value *clamp = b.getInt32(mode == ir::ShflMode::Up ? 0 : 0x1f);
    llvm::Value *members = b.CreateIntrinsic(nvvm_activemask, {}, {});
    llvm::Value *lane = b.CreateTrunc(arg, b.getInt32Ty());
    auto one = [&](llvm::Value *v32) {
      return b.CreateIntrinsic(id, {}, {members, v32, lane, clamp});
    };
    llvm::Type *type = value->getType();
    if (type->isFloatTy())
      return b.CreateBitCast(one(b.CreateBitCast(value, b.getInt32Ty())), type);
    llvm::Value *bits = b.CreateBitCast(value, b.getInt64Ty());
    llvm::Value *lo = one(b.CreateTrunc(bits, b.getInt32Ty()));
    llvm::Value *hi =
        one(b.CreateTrunc(b.CreateLShr(bits, 32), b.getInt32Ty()));
    llvm::Value *joined =
        b.CreateOr(b.CreateZExt(lo, b.getInt64Ty()),
                   b.CreateShl(b.CreateZExt(hi, b.getInt64Ty()), 32));
    return b.CreateBitCast(joined, type);
  }

  std::vector<llvm::Value *>
  targetWord(llvm::IRBuilder<> &b, Prim, const std::string &intrinsic,
             llvm::FunctionType *,
             llvm::ArrayRef<llvm::Value *> args) override {
    llvm::Value *r = b.CreateIntrinsic(
        llvm::Function::lookupIntrinsicID(intrinsic), {}, args);
    return splitResults(b, r);
  }

  // mma.sync.aligned: TF32's A and B travel as b32 bit patterns (the tensor
  // core ignores their low 13 bits); bf16 pairs as i32, f16 pairs as
  // <2 x half>.
  std::vector<llvm::Value *>
  mma(llvm::IRBuilder<> &b, ir::MmaKind kind,
      llvm::ArrayRef<llvm::Value *> operands) override {
    llvm::Type *half2 = llvm::FixedVectorType::get(b.getHalfTy(), 2);
    llvm::Intrinsic::ID id = llvm::Intrinsic::nvvm_mma_m16n8k8_row_col_tf32;
    switch (kind) {
    case ir::MmaKind::TF32:
      break;
    case ir::MmaKind::BF16:
      id = llvm::Intrinsic::nvvm_mma_m16n8k16_row_col_bf16;
      break;
    case ir::MmaKind::F16:
      id = llvm::Intrinsic::nvvm_mma_m16n8k16_row_col_f32_f32;
      break;
    case ir::MmaKind::F16Acc:
      id = llvm::Intrinsic::nvvm_mma_m16n8k16_row_col_f16_f16;
      break;
    }
    bool f16 = kind == ir::MmaKind::F16 || kind == ir::MmaKind::F16Acc;
    std::vector<llvm::Value *> args;
    for (size_t i = 0; i < operands.size(); ++i) {
      llvm::Value *v = operands[i];
      bool pair = i < 6 || kind == ir::MmaKind::F16Acc;
      if (pair && f16)
        v = b.CreateBitCast(v, half2);
      else if (i < 6)
        v = b.CreateBitCast(v, b.getInt32Ty());
      args.push_back(v);
    }
    llvm::Value *d = b.CreateIntrinsic(id, {}, args);
    std::vector<llvm::Value *> results;
    for (unsigned i = 0; i < ir::mmaAccumulators(kind); ++i) {
      llvm::Value *v = b.CreateExtractValue(d, i);
      results.push_back(
          v->getType()->isFloatTy() ? v : b.CreateBitCast(v, b.getInt32Ty()));
    }
    return results;
  }

  std::vector<llvm::Value *> matrixLoad(llvm::IRBuilder<> &b, llvm::Value *row,
                                        unsigned count, bool trans) override {
    static const llvm::Intrinsic::ID ids[2][3] = {
        {llvm::Intrinsic::nvvm_ldmatrix_sync_aligned_m8n8_x1_b16,
         llvm::Intrinsic::nvvm_ldmatrix_sync_aligned_m8n8_x2_b16,
         llvm::Intrinsic::nvvm_ldmatrix_sync_aligned_m8n8_x4_b16},
        {llvm::Intrinsic::nvvm_ldmatrix_sync_aligned_m8n8_x1_trans_b16,
         llvm::Intrinsic::nvvm_ldmatrix_sync_aligned_m8n8_x2_trans_b16,
         llvm::Intrinsic::nvvm_ldmatrix_sync_aligned_m8n8_x4_trans_b16}};
    llvm::Value *r = b.CreateIntrinsic(ids[trans][count == 4 ? 2 : count - 1],
                                       {row->getType()}, {row});
    return splitResults(b, r);
  }

  // wgmma has no LLVM 19 intrinsic: inline PTX, the accumulators as "=f"
  // outputs tied to the same registers as inputs (CUTLASS's "+f").
  // With A from registers: {a0, a1, a2, a3} instead of desc-a, and no
  // imm-tnsp-a.
  std::vector<llvm::Value *> wgmma(llvm::IRBuilder<> &b, int64_t imm,
                                   llvm::ArrayRef<llvm::Value *> fixed,
                                   llvm::ArrayRef<llvm::Value *> acc) override {
    size_t n = acc.size();
    bool registerA = imm & ir::wgmmaRegisterA;
    size_t scale = n + fixed.size() - 1; // scale-d's operand number
    const char *type = imm & 1 ? "f16" : "bf16";
    std::string text =
        "{\n.reg .pred p;\nsetp.ne.b32 p, $" + std::to_string(scale) +
        ", 0;\nwgmma.mma_async.sync.aligned.m64n" + std::to_string(imm >> 8) +
        "k16.f32." + type + "." + type + " {";
    for (size_t i = 0; i < n; ++i)
      text += (i ? ", $" : "$") + std::to_string(i);
    std::string a = "$" + std::to_string(n);
    if (registerA)
      a = "{$" + std::to_string(n) + ", $" + std::to_string(n + 1) + ", $" +
          std::to_string(n + 2) + ", $" + std::to_string(n + 3) + "}";
    text += "}, " + a + ", $" + std::to_string(scale - 1) + ", p, 1, 1, " +
            (registerA ? "" : std::to_string((imm >> 1) & 1) + ", ") +
            std::to_string((imm >> 2) & 1) + ";\n}";
    std::vector<llvm::Value *> args;
    std::string constraints;
    for (size_t i = 0; i + 2 < fixed.size(); ++i) { // A: a descriptor or regs
      args.push_back(
          b.CreateTrunc(fixed[i], registerA ? b.getInt32Ty() : b.getInt64Ty()));
      constraints += registerA ? "r," : "l,";
    }
    args.push_back(b.CreateTrunc(fixed[fixed.size() - 2], b.getInt64Ty()));
    args.push_back(b.CreateTrunc(fixed.back(), b.getInt32Ty()));
    return tiedAsm(b, text, constraints + "l,r", args, acc);
  }

  std::vector<llvm::Value *>
  wgmmaSync(llvm::IRBuilder<> &b, int64_t imm,
            llvm::ArrayRef<llvm::Value *> tied) override {
    std::string text;
    switch (static_cast<ir::WgmmaSyncKind>(imm & 0xff)) {
    case ir::WgmmaSyncKind::Fence:
      text = "wgmma.fence.sync.aligned;";
      break;
    case ir::WgmmaSyncKind::Commit:
      text = "wgmma.commit_group.sync.aligned;";
      break;
    case ir::WgmmaSyncKind::Wait:
      text = "wgmma.wait_group.sync.aligned " + std::to_string(imm >> 8) + ";";
      break;
    }
    return tiedAsm(b, text, "", {}, tied);
  }

  // Volatile inline PTX with a memory clobber: `tied` f32 registers come
  // back as outputs $0.. (their inputs tied to them), `inputs` follow as
  // $n.. with `inputConstraints`.
  std::vector<llvm::Value *> tiedAsm(llvm::IRBuilder<> &b,
                                     const std::string &text,
                                     const std::string &inputConstraints,
                                     llvm::ArrayRef<llvm::Value *> inputs,
                                     llvm::ArrayRef<llvm::Value *> tied) {
    std::string constraints;
    std::vector<llvm::Type *> outTypes(tied.size(), b.getFloatTy());
    for (size_t i = 0; i < tied.size(); ++i)
      constraints += i ? ",=f" : "=f";
    if (!inputConstraints.empty())
      constraints += (constraints.empty() ? "" : ",") + inputConstraints;
    std::vector<llvm::Type *> inTypes;
    std::vector<llvm::Value *> args;
    for (llvm::Value *v : inputs) {
      inTypes.push_back(v->getType());
      args.push_back(v);
    }
    for (size_t i = 0; i < tied.size(); ++i) {
      constraints += (constraints.empty() ? "" : ",") + std::to_string(i);
      inTypes.push_back(b.getFloatTy());
      args.push_back(tied[i]);
    }
    constraints += constraints.empty() ? "~{memory}" : ",~{memory}";
    llvm::Type *result = tied.empty() ? b.getVoidTy()
                         : tied.size() == 1
                             ? b.getFloatTy()
                             : llvm::StructType::get(b.getContext(), outTypes);
    auto *type = llvm::FunctionType::get(result, inTypes, false);
    llvm::Value *r = callPtx(b, type, text, constraints, args);
    return splitResults(b, r);
  }

  llvm::Value *sharedWindowOffset(llvm::IRBuilder<> &b,
                                  llvm::Value *ptr) override {
    return b.CreateZExt(b.CreatePtrToInt(ptr, b.getInt32Ty()), b.getInt64Ty());
  }

  void setMaxNReg(llvm::IRBuilder<> &b, int n, llvm::StringRef) override {
    std::string text = std::string("setmaxnreg.") + (n < 0 ? "dec" : "inc") +
                       ".sync.aligned.u32 " + std::to_string(n < 0 ? -n : n) +
                       ";";
    auto *type = llvm::FunctionType::get(b.getVoidTy(), {}, false);
    callPtx(b, type, text, "~{memory}", {});
  }

  // `head [$0], {$1, .., $n};` with the address and then `values` as
  // operands, touching memory: the shape of PTX's vector stores to an
  // address (stmatrix, red.vN).
  void vectorToAddress(llvm::IRBuilder<> &b, const std::string &head,
                       llvm::Value *addr, char addrConstraint,
                       llvm::ArrayRef<llvm::Value *> values,
                       char valueConstraint) {
    std::string text = head + " [$0], {";
    std::string constraints(1, addrConstraint);
    std::vector<llvm::Type *> types = {addr->getType()};
    std::vector<llvm::Value *> args = {addr};
    for (size_t i = 0; i < values.size(); ++i) {
      text += (i ? ", $" : "$") + std::to_string(i + 1);
      (constraints += ',') += valueConstraint;
      types.push_back(values[i]->getType());
      args.push_back(values[i]);
    }
    text += "};";
    constraints += ",~{memory}";
    auto *asmType = llvm::FunctionType::get(b.getVoidTy(), types, false);
    callPtx(b, asmType, text, constraints, args);
  }

  // LLVM 19 has no stmatrix intrinsic: inline PTX (sm_90).
  void matrixStore(llvm::IRBuilder<> &b, llvm::Value *row,
                   llvm::ArrayRef<llvm::Value *> regs, bool trans) override {
    vectorToAddress(b,
                    "stmatrix.sync.aligned.m8n8.x" +
                        std::to_string(regs.size()) + (trans ? ".trans" : "") +
                        ".shared.b16",
                    b.CreatePtrToInt(row, b.getInt32Ty()), 'r', regs, 'r');
  }

  // LLVM 19 has no vector red: inline PTX (ISA 8.1, sm_90), relaxed at gpu
  // scope like the scalar atomics.
  void vectorAtomicFAdd(llvm::IRBuilder<> &b, llvm::Value *ptr,
                        llvm::ArrayRef<llvm::Value *> values) override {
    vectorToAddress(b,
                    "red.relaxed.gpu.global.add.v" +
                        std::to_string(values.size()) + ".f32",
                    b.CreatePtrToInt(ptr, b.getInt64Ty()), 'l', values, 'f');
  }

  // LLVM 19 has intrinsics for mbarrier.init and .arrive only: the rest is
  // inline PTX (sm_90). Shared addresses travel as 32-bit shared-window
  // addresses, tensor maps as 64-bit generic addresses (the grid-constant
  // param's), coordinates as 32-bit integers, innermost first as PTX
  // wants them (the words take them outermost first).
  llvm::Value *asyncOp(llvm::IRBuilder<> &b, ir::AsyncKind kind,
                       llvm::ArrayRef<llvm::Value *> ops,
                       llvm::StringRef) override {
    using ir::AsyncKind;
    llvm::Type *i32 = b.getInt32Ty();
    auto shared32 = [&](llvm::Value *ptr) {
      return b.CreatePtrToInt(ptr, i32);
    };
    auto low32 = [&](llvm::Value *v) { return b.CreateTrunc(v, i32); };
    auto asm_ = [&](llvm::Type *result, const std::string &text,
                    const std::string &constraints,
                    std::vector<llvm::Value *> args) -> llvm::Value * {
      std::vector<llvm::Type *> types;
      for (llvm::Value *a : args)
        types.push_back(a->getType());
      auto *type = llvm::FunctionType::get(result, types, false);
      return callPtx(b, type, text, constraints, args);
    };
    size_t n = ops.size();
    switch (kind) {
    case AsyncKind::MbarInit:
      b.CreateIntrinsic(llvm::Intrinsic::nvvm_mbarrier_init_shared, {},
                        {ops[1], low32(ops[0])});
      return nullptr;
    case AsyncKind::MbarArrive:
      b.CreateIntrinsic(llvm::Intrinsic::nvvm_mbarrier_arrive_shared, {},
                        {ops[0]});
      return nullptr;
    case AsyncKind::MbarArriveTx:
      asm_(b.getVoidTy(),
           "mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], $1;",
           "r,r,~{memory}", {shared32(ops[1]), low32(ops[0])});
      return nullptr;
    case AsyncKind::MbarWait:
    case AsyncKind::MbarWaitCluster:
      // try_wait suspends the thread for a while before it fails: the
      // loop retries until the phase has completed.
      asm_(b.getVoidTy(),
           std::string("{\n\t.reg .pred P1;\n"
                       "WF_MBAR_WAIT_${:uid}:\n\t"
                       "mbarrier.try_wait.parity") +
               (kind == AsyncKind::MbarWaitCluster ? ".acquire.cluster" : "") +
               ".shared::cta.b64 P1, [$0], $1;\n\t"
               "@!P1 bra WF_MBAR_WAIT_${:uid};\n}",
           "r,r,~{memory}", {shared32(ops[1]), low32(ops[0])});
      return nullptr;
    case AsyncKind::MbarTryWait: {
      llvm::Value *ok =
          asm_(i32,
               "{\n\t.reg .pred P1;\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 P1, [$1], $2;\n\t"
               "selp.b32 $0, 1, 0, P1;\n}",
               "=r,r,r,~{memory}", {shared32(ops[1]), low32(ops[0])});
      return b.CreateNeg(b.CreateZExt(ok, b.getInt64Ty()));
    }
    case AsyncKind::FenceProxyAsync:
      asm_(b.getVoidTy(), "fence.proxy.async.shared::cta;", "~{memory}", {});
      return nullptr;
    case AsyncKind::FenceMbarInit:
      asm_(b.getVoidTy(), "fence.mbarrier_init.release.cluster;", "~{memory}",
           {});
      return nullptr;
    case AsyncKind::BarSyncN:
    case AsyncKind::BarArriveN:
      asm_(b.getVoidTy(),
           kind == AsyncKind::BarSyncN ? "bar.sync $0, $1;"
                                       : "bar.arrive $0, $1;",
           "r,r,~{memory}", {low32(ops[0]), low32(ops[1])});
      return nullptr;
    case AsyncKind::TmaLoad:
    case AsyncKind::TmaStore:
    case AsyncKind::TmaReduceAdd:
    case AsyncKind::TmaLoadMc: {
      bool mc = kind == AsyncKind::TmaLoadMc;
      bool load = kind == AsyncKind::TmaLoad || mc;
      // The multicast form has the CTA mask last: the rest is TmaLoad's.
      size_t m = mc ? n - 1 : n;
      size_t rank = m - (load ? 3 : 2);
      // Operands: the tile, the map, the coordinates innermost first, then
      // the mbarrier (and the 16-bit CTA mask).
      std::vector<llvm::Value *> args = {shared32(ops[m - 2]), ops[m - 1]};
      std::string coords;
      for (size_t k = 0; k < rank; ++k) {
        coords += (k ? ", $" : "$") + std::to_string(k + 2);
        args.push_back(low32(ops[rank - 1 - k]));
      }
      std::string dim = std::to_string(rank) + "d";
      std::string text, constraints = "r,l";
      for (size_t k = 0; k < rank; ++k)
        constraints += ",r";
      if (load) {
        args.push_back(shared32(ops[m - 3]));
        constraints += ",r";
        text = "cp.async.bulk.tensor." + dim +
               ".shared::cluster.global.tile.mbarrier::complete_tx::bytes" +
               (mc ? ".multicast::cluster" : "") + " [$0], [$1, {" + coords +
               "}], [$" + std::to_string(rank + 2) + "]" +
               (mc ? ", $" + std::to_string(rank + 3) : "") + ";";
        if (mc) {
          args.push_back(b.CreateTrunc(ops[n - 1], b.getInt16Ty()));
          constraints += ",h";
        }
      } else if (kind == AsyncKind::TmaReduceAdd) {
        // The element type of the add is the tensor map's.
        text = "cp.reduce.async.bulk.tensor." + dim +
               ".global.shared::cta.add.tile.bulk_group [$1, {" + coords +
               "}], [$0];";
      } else {
        text = "cp.async.bulk.tensor." + dim +
               ".global.shared::cta.tile.bulk_group [$1, {" + coords +
               "}], [$0];";
      }
      asm_(b.getVoidTy(), text, constraints + ",~{memory}", args);
      return nullptr;
    }
    case AsyncKind::TmaStoreCommit:
      asm_(b.getVoidTy(), "cp.async.bulk.commit_group;", "~{memory}", {});
      return nullptr;
    // The cluster barrier without .aligned: threads of a warp may reach it
    // apart (the CPU backend allows that too).
    case AsyncKind::ClusterSync:
      asm_(b.getVoidTy(),
           "barrier.cluster.arrive.release;\n\tbarrier.cluster.wait.acquire;",
           "~{memory}", {});
      return nullptr;
    case AsyncKind::ClusterArrive:
      asm_(b.getVoidTy(), "barrier.cluster.arrive.release;", "~{memory}", {});
      return nullptr;
    case AsyncKind::ClusterWait:
      asm_(b.getVoidTy(), "barrier.cluster.wait.acquire;", "~{memory}", {});
      return nullptr;
    // Cluster shared addresses are 32-bit, as shared::cta ones: a cell
    // holds one zero-extended.
    case AsyncKind::Mapa:
      return b.CreateZExt(asm_(i32, "mapa.shared::cluster.u32 $0, $1, $2;",
                               "=r,r,r", {shared32(ops[0]), low32(ops[1])}),
                          b.getInt64Ty());
    case AsyncKind::DsmemLoad:
      return b.CreateSExt(asm_(i32, "ld.shared::cluster.b32 $0, [$1];",
                               "=r,r,~{memory}", {low32(ops[0])}),
                          b.getInt64Ty());
    case AsyncKind::DsmemStore:
      asm_(b.getVoidTy(), "st.shared::cluster.b32 [$0], $1;", "r,r,~{memory}",
           {low32(ops[1]), low32(ops[0])});
      return nullptr;
    case AsyncKind::MbarArriveRemote:
      asm_(b.getVoidTy(),
           "mbarrier.arrive.release.cluster.shared::cluster.b64 _, [$0];",
           "r,~{memory}", {low32(ops[0])});
      return nullptr;
    // Programmatic dependent launch. The wait orders memory: what the
    // grids this one depends on wrote is visible after it, so no load may
    // move above it (the memory clobber). launch_dependents only lets the
    // next grid be scheduled; it orders no memory of its own (the next
    // grid's wait is for this whole grid's completion), but it must stay
    // where it is written (side effects).
    case AsyncKind::GridDepWait:
      asm_(b.getVoidTy(), "griddepcontrol.wait;", "~{memory}", {});
      return nullptr;
    case AsyncKind::GridDepLaunch:
      asm_(b.getVoidTy(), "griddepcontrol.launch_dependents;", "", {});
      return nullptr;
    case AsyncKind::TmaStoreWait: {
      auto *count = llvm::cast<llvm::ConstantInt>(ops[0]);
      asm_(b.getVoidTy(),
           "cp.async.bulk.wait_group.read " +
               std::to_string(count->getZExtValue()) + ";",
           "~{memory}", {});
      return nullptr;
    }
    }
    return nullptr;
  }

  llvm::Value *math(llvm::IRBuilder<> &b, ir::Op op,
                    llvm::ArrayRef<llvm::Value *> args,
                    llvm::Type *type) override {
    bool f32 = type->isFloatTy();
    switch (op) {
    case ir::Op::FExp:
      if (f32) {
        llvm::Value *scaled = b.CreateFMul(
            args[0],
            llvm::ConstantFP::get(type, 1.4426950408889634 /* log2(e) */));
        return b.CreateIntrinsic(llvm::Intrinsic::nvvm_ex2_approx_ftz_f, {},
                                 {scaled});
      }
      return libdevice(b, "__nv_exp", args, type);
    case ir::Op::FExp2:
      // .ftz: one MUFU.EX2. Without it ptxas wraps each one in a range
      // check and two selects for subnormal results (three more
      // instructions in every softmax element); those results are 0 here,
      // as with CUDA's fast-math exp2f, and the CPU meaning flushes too.
      if (f32)
        return b.CreateIntrinsic(llvm::Intrinsic::nvvm_ex2_approx_ftz_f, {},
                                 {args[0]});
      return libdevice(b, "__nv_exp2", args, type);
    case ir::Op::FToTF32: // cvt.rna.tf32.f32: a b32 with the low 13 bits 0
      return b.CreateBitCast(
          b.CreateIntrinsic(llvm::Intrinsic::nvvm_f2tf32_rna, {}, {args[0]}),
          type);
    case ir::Op::FLog:
      return libdevice(b, f32 ? "__nv_logf" : "__nv_log", args, type);
    case ir::Op::FTanh:
      return libdevice(b, f32 ? "__nv_tanhf" : "__nv_tanh", args, type);
    case ir::Op::FTanhApprox: {
      // One MUFU.TANH (sm_75; LLVM 19 has no intrinsic for it): what
      // attention's softcap needs per score, where libdevice's tanhf is
      // about twenty instructions. Not a side effect: LLVM may move or
      // drop it like any arithmetic. f64 mode goes through f32.
      llvm::Type *f = b.getFloatTy();
      llvm::Value *x = b.CreateFPCast(args[0], f);
      llvm::Value *r = b.CreateCall(
          llvm::InlineAsm::get(llvm::FunctionType::get(f, {f}, false),
                               "tanh.approx.f32 $0, $1;", "=f,f", false),
          {x});
      return b.CreateFPCast(r, type);
    }
    case ir::Op::FPow:
      return libdevice(b, f32 ? "__nv_powf" : "__nv_pow", args, type);
    // The accurate ones (2 ulp in f32, 1-2 in f64, CUDA's sinf/cosf/erff),
    // not __sinf: sin.approx loses all accuracy past a few periods.
    case ir::Op::FSin:
      return libdevice(b, f32 ? "__nv_sinf" : "__nv_sin", args, type);
    case ir::Op::FCos:
      return libdevice(b, f32 ? "__nv_cosf" : "__nv_cos", args, type);
    case ir::Op::FErf:
      return libdevice(b, f32 ? "__nv_erff" : "__nv_erf", args, type);
    default:
      return nullptr;
    }
  }

  unsigned addressSpace(ir::AddrSpace space) const override {
    return space == ir::AddrSpace::Shared ? sharedAS : globalAS;
  }

  // --- Checked builds (common/CheckABI.h) ---------------------------------
  //
  // Each access tests its address against a range (two compares, the
  // sizes read once from the check record: invariant loads that LLVM
  // hoists); the access runs only when it passes (the branch usually
  // becomes a predicate), and a failing one records itself in a cold
  // block instead.

  llvm::Value *guardAccess(llvm::IRBuilder<> &b, llvm::Value *ptr,
                           uint64_t bytes, int param, int sharedArray,
                           llvm::StringRef what) override {
    if (!checkBounds)
      return ptr;
    unsigned site = addSite("access " + what.str());
    llvm::Value *addr = b.CreatePtrToInt(ptr, b.getInt64Ty());
    if (param >= 0) {
      llvm::Value *base = b.CreatePtrToInt(fn->getArg(param), b.getInt64Ty());
      llvm::Value *size = argBytes(b, param);
      llvm::Value *offset = b.CreateSub(addr, base);
      llvm::Value *ok = inside(b, offset, size, bytes);
      guardBranch(b, ok, site, b.getInt64(param), offset, size);
      return ptr;
    }
    // Shared: the array the address is built from, or any of them (the
    // arrays are separate .shared variables, placed by ptxas). The record
    // gives the offset in the layout the CPU sees (byteOffset + offset).
    llvm::Value *total = load(b, offsetof(WfCheckRecord, sharedBytes));
    llvm::Value *ok = b.getFalse();
    for (size_t k = 0; k < shared.size(); ++k)
      if (sharedArray < 0 || static_cast<size_t>(sharedArray) == k)
        ok = b.CreateOr(ok, inside(b, sharedOffset(b, addr, k),
                                   sharedSize(b, k, total), bytes));
    size_t k = sharedArray < 0 ? 0 : sharedArray;
    llvm::Value *offset =
        shared.empty() ? addr
                       : b.CreateAdd(sharedOffset(b, addr, k),
                                     b.getInt64(header->shared[k].byteOffset));
    guardBranch(b, ok, site, b.getInt64(WF_CHECK_SHARED), offset, total);
    return ptr;
  }

  llvm::Value *guardAnyAccess(llvm::IRBuilder<> &b, llvm::Value *ptr,
                              uint64_t bytes, llvm::StringRef what,
                              llvm::StringRef where) override {
    if (!checkBounds)
      return ptr;
    unsigned site = addSite("any " + what.str() + "|" + where.str());
    llvm::Value *addr = b.CreatePtrToInt(ptr, b.getInt64Ty());
    llvm::Value *ok = b.getFalse();
    // For the report: the buffer the access starts in, if any (the first).
    llvm::Value *region = b.getInt64(WF_CHECK_NO_PARAM), *offset = addr,
                *size = b.getInt64(0);
    for (size_t i = header->params.size(); i-- > 0;) {
      if (!header->params[i].isArray || header->params[i].tmap)
        continue;
      llvm::Value *base = b.CreatePtrToInt(fn->getArg(i), b.getInt64Ty());
      llvm::Value *n = argBytes(b, i);
      llvm::Value *off = b.CreateSub(addr, base);
      ok = b.CreateOr(ok, inside(b, off, n, bytes));
      llvm::Value *starts = b.CreateICmpULT(off, n);
      region = b.CreateSelect(starts, b.getInt64(i), region);
      offset = b.CreateSelect(starts, off, offset);
      size = b.CreateSelect(starts, n, size);
    }
    guardBranch(b, ok, site, region, offset, size);
    return ptr;
  }

  // The record's offset is the index, its size the element count.
  void checkIndex(llvm::IRBuilder<> &b, llvm::Value *index, uint64_t count,
                  llvm::StringRef what) override {
    if (!checkBounds)
      return;
    unsigned site = addSite("index " + what.str());
    auto *next = llvm::BasicBlock::Create(b.getContext(), "index_ok", fn);
    fail(b, b.CreateICmpULT(index, b.getInt64(count)), WF_CHECK_OUT_OF_BOUNDS,
         site, b.getInt64(WF_CHECK_NO_PARAM), index, b.getInt64(count), next,
         next);
  }

  void assertion(llvm::IRBuilder<> &b, llvm::Value *ok,
                 llvm::StringRef where) override {
    if (!checked)
      return;
    unsigned site = addSite("assert " + where.str());
    auto *next = llvm::BasicBlock::Create(b.getContext(), "assert_ok", fn);
    fail(b, ok, WF_CHECK_ASSERT, site, b.getInt64(0), b.getInt64(0),
         b.getInt64(0), next, next);
  }

  std::vector<std::string> checkSites() const override { return sites; }

private:
  unsigned addSite(const std::string &text) {
    // One line each: a newline in a path would end the signature line; and
    // ASCII only, as ptxas wants even in comments (a path's other bytes as
    // \xNN).
    std::string line;
    for (char c : text) {
      auto byte = static_cast<unsigned char>(c);
      if (c == '\n' || c == '\r') {
        line += ' ';
      } else if (byte >= 0x80) {
        static const char hex[] = "0123456789abcdef";
        line += std::string("\\x") + hex[byte >> 4] + hex[byte & 15];
      } else {
        line += c;
      }
    }
    sites.push_back(std::move(line));
    return static_cast<unsigned>(sites.size() - 1);
  }

  llvm::Value *record() { return fn->getArg(header->params.size()); }

  /// An input field of the check record: the runtime writes it before the
  /// launch, so it is invariant (ld.global.nc, hoisted out of loops).
  llvm::Value *load(llvm::IRBuilder<> &b, uint64_t offset) {
    auto *v = b.CreateAlignedLoad(
        b.getInt64Ty(),
        b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), record(), offset),
        llvm::Align(8));
    v->setMetadata(llvm::LLVMContext::MD_invariant_load,
                   llvm::MDNode::get(b.getContext(), {}));
    return v;
  }
  llvm::Value *argBytes(llvm::IRBuilder<> &b, size_t param) {
    return load(b, WF_CHECK_ARG_BYTES_OFFSET + 8 * param);
  }

  /// offset + bytes <= size, without overflow (offset is unsigned: below
  /// the base it is huge), as one compare: offset < size - bytes + 1, the
  /// bound 0 when the region is smaller than the access. The bound depends
  /// on the size alone, so LLVM hoists it with the size's load.
  static llvm::Value *inside(llvm::IRBuilder<> &b, llvm::Value *offset,
                             llvm::Value *size, uint64_t bytes) {
    llvm::Value *bound = b.CreateSelect(
        b.CreateICmpUGE(size, b.getInt64(bytes)),
        b.CreateAdd(b.CreateSub(size, b.getInt64(bytes)), b.getInt64(1)),
        b.getInt64(0));
    return b.CreateICmpULT(offset, bound);
  }

  llvm::Value *sharedOffset(llvm::IRBuilder<> &b, llvm::Value *addr, size_t k) {
    return b.CreateSub(addr, b.CreatePtrToInt(shared[k], b.getInt64Ty()));
  }
  /// A shared array's bytes: fixed, but the launch sizes a TYPE[] array.
  llvm::Value *sharedSize(llvm::IRBuilder<> &b, size_t k, llvm::Value *total) {
    const SharedDecl &s = header->shared[k];
    if (s.dynamic)
      return b.CreateSub(total, b.getInt64(s.byteOffset));
    return b.getInt64(static_cast<uint64_t>(s.count) * elemTypeBytes(s.type));
  }

  /// Branches to `pass` when `ok`; otherwise the first failure of the
  /// launch (compare-and-swap on the status) fills in the record, in cold
  /// blocks, and goes on to `failed`. Leaves the builder in `pass`.
  void fail(llvm::IRBuilder<> &b, llvm::Value *ok, unsigned status,
            unsigned site, llvm::Value *region, llvm::Value *offset,
            llvm::Value *size, llvm::BasicBlock *pass,
            llvm::BasicBlock *failed) {
    llvm::LLVMContext &ctx = b.getContext();
    auto *report = llvm::BasicBlock::Create(ctx, "check_failed", fn);
    auto *first = llvm::BasicBlock::Create(ctx, "check_first", fn);
    b.CreateCondBr(ok, pass, report,
                   llvm::MDBuilder(ctx).createLikelyBranchWeights());
    b.SetInsertPoint(report);
    auto field = [&](size_t offset) {
      return b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), record(), offset);
    };
    llvm::Value *pair = b.CreateAtomicCmpXchg(
        field(offsetof(WfCheckRecord, status)), b.getInt32(0),
        b.getInt32(status), llvm::MaybeAlign(4),
        llvm::AtomicOrdering::Monotonic, llvm::AtomicOrdering::Monotonic);
    b.CreateCondBr(b.CreateExtractValue(pair, 1), first, failed);
    b.SetInsertPoint(first);
    b.CreateStore(b.getInt32(site), field(offsetof(WfCheckRecord, site)));
    b.CreateAlignedStore(region, field(offsetof(WfCheckRecord, region)),
                         llvm::Align(8));
    b.CreateAlignedStore(offset, field(offsetof(WfCheckRecord, offset)),
                         llvm::Align(8));
    b.CreateAlignedStore(size, field(offsetof(WfCheckRecord, size)),
                         llvm::Align(8));
    for (unsigned i = 0; i < 3; ++i) {
      b.CreateStore(b.CreateTrunc(specialReg(b, static_cast<ir::SpecialReg>(i)),
                                  b.getInt32Ty()),
                    field(offsetof(WfCheckRecord, tid) + 4 * i));
      b.CreateStore(
          b.CreateTrunc(specialReg(b, static_cast<ir::SpecialReg>(3 + i)),
                        b.getInt32Ty()),
          field(offsetof(WfCheckRecord, bid) + 4 * i));
    }
    b.CreateBr(failed);
    b.SetInsertPoint(pass);
  }

  /// A checked access: runs in its own block when `ok`, else is skipped
  /// (endGuard joins the two). Skipping rather than redirecting to a
  /// scratch address keeps the access's address as it was, so it still
  /// folds into [reg+imm] and needs no register of its own.
  void guardBranch(llvm::IRBuilder<> &b, llvm::Value *ok, unsigned site,
                   llvm::Value *region, llvm::Value *offset,
                   llvm::Value *size) {
    llvm::LLVMContext &ctx = b.getContext();
    auto *access = llvm::BasicBlock::Create(ctx, "check_access", fn);
    auto *skipped = llvm::BasicBlock::Create(ctx, "check_skipped", fn);
    fail(b, ok, WF_CHECK_OUT_OF_BOUNDS, site, region, offset, size, access,
         skipped);
    pending.push_back(skipped);
  }

public:
  llvm::Value *endGuard(llvm::IRBuilder<> &b, llvm::Value *v) override {
    if (!checkBounds || pending.empty())
      return v;
    llvm::BasicBlock *skipped = pending.back();
    pending.pop_back();
    llvm::BasicBlock *done = b.GetInsertBlock();
    auto *join = llvm::BasicBlock::Create(b.getContext(), "check_join", fn);
    b.CreateBr(join);
    b.SetInsertPoint(skipped);
    b.CreateBr(join);
    b.SetInsertPoint(join);
    if (!v)
      return nullptr;
    llvm::PHINode *phi = b.CreatePHI(v->getType(), 2);
    phi->addIncoming(v, done);
    phi->addIncoming(llvm::Constant::getNullValue(v->getType()), skipped);
    return phi;
  }

private:
  bool checked;     // takes the check record
  bool checkBounds; // and checks accesses (else only ASSERT)
  const KernelHeader *header = nullptr;
  std::vector<std::string> sites;
  std::vector<llvm::BasicBlock *> pending; // guards awaiting endGuard

  llvm::Value *libdevice(llvm::IRBuilder<> &b, const char *name,
                         llvm::ArrayRef<llvm::Value *> args, llvm::Type *type) {
    std::vector<llvm::Type *> argTypes(args.size(), type);
    llvm::FunctionCallee callee = module->getOrInsertFunction(
        name, llvm::FunctionType::get(type, argTypes, false));
    return b.CreateCall(callee, args);
  }

  llvm::Function *fn = nullptr;
  llvm::Module *module = nullptr;
  std::vector<llvm::Constant *> shared; // each shared array's base
};

} // namespace

std::unique_ptr<TargetHooks> createNVPTXHooks(bool checked, bool checkBounds) {
  return std::make_unique<NVPTXHooks>(checked, checkBounds);
}

} // namespace wf::codegen
