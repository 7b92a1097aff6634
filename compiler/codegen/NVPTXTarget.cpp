//===- NVPTXTarget.cpp - Lowering hooks for NVIDIA GPUs -------------------===//
//
// Params arrive as kernel arguments (arrays as global pointers), shared
// arrays are `.shared` globals, thread indices are special registers and
// f64 math calls libdevice (linked later). f32 FEXP uses ex2.approx like
// CUDA's __expf: it is what fast attention kernels need.
//
//===----------------------------------------------------------------------===//
#include "compiler/codegen/TargetHooks.h"

#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Metadata.h"

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

llvm::Value *TargetHooks::halfToFloat(llvm::IRBuilder<> &b, llvm::Value *bits) {
  return b.CreateFPExt(b.CreateBitCast(bits, b.getHalfTy()), b.getFloatTy());
}

llvm::Value *TargetHooks::floatToHalf(llvm::IRBuilder<> &b, llvm::Value *f32) {
  return b.CreateBitCast(b.CreateFPTrunc(f32, b.getHalfTy()), b.getInt16Ty());
}

namespace {

constexpr unsigned globalAS = 1, sharedAS = 3;

llvm::Type *paramType(llvm::LLVMContext &ctx, const ParamDecl &p) {
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

class NVPTXHooks : public TargetHooks {
public:
  llvm::Function *createKernel(llvm::Module &module,
                               const KernelHeader &header) override {
    llvm::LLVMContext &ctx = module.getContext();
    std::vector<llvm::Type *> types;
    for (const ParamDecl &p : header.params)
      types.push_back(paramType(ctx, p));
    auto *fnType =
        llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), types, false);
    fn = llvm::Function::Create(fnType, llvm::GlobalValue::ExternalLinkage,
                                header.name, module);
    fn->setCallingConv(llvm::CallingConv::PTX_Kernel);
    for (unsigned i = 0; i < header.params.size(); ++i) {
      fn->getArg(i)->setName(header.params[i].name);
      fn->addParamAttr(i, llvm::Attribute::NoUndef);
    }
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
    if (header.maxThreads)
      annotate("maxntidx", header.maxThreads);
    if (header.minBlocks)
      annotate("minctasm", header.minBlocks);

    for (const SharedDecl &s : header.shared) {
      if (s.dynamic || s.large) {
        // `.extern .shared .align 16 .b8 NAME[]`: the memory given at launch
        // (every extern array starts there), this array at its offset in it.
        auto *arrayType = llvm::ArrayType::get(llvm::Type::getInt8Ty(ctx), 0);
        auto *gv = new llvm::GlobalVariable(
            module, arrayType, false, llvm::GlobalValue::ExternalLinkage,
            nullptr, "shared_" + s.name, nullptr,
            llvm::GlobalValue::NotThreadLocal, sharedAS);
        gv->setAlignment(llvm::Align(16));
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
      gv->setAlignment(llvm::Align(16));
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
        nvvm_read_ptx_sreg_tid_x,    nvvm_read_ptx_sreg_tid_y,
        nvvm_read_ptx_sreg_tid_z,    nvvm_read_ptx_sreg_ctaid_x,
        nvvm_read_ptx_sreg_ctaid_y,  nvvm_read_ptx_sreg_ctaid_z,
        nvvm_read_ptx_sreg_ntid_x,   nvvm_read_ptx_sreg_ntid_y,
        nvvm_read_ptx_sreg_ntid_z,   nvvm_read_ptx_sreg_nctaid_x,
        nvvm_read_ptx_sreg_nctaid_y, nvvm_read_ptx_sreg_nctaid_z,
        nvvm_read_ptx_sreg_laneid};
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

  // mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32: A and B travel as
  // b32 bit patterns; the tensor core ignores their low 13 bits.
  std::array<llvm::Value *, 4>
  mmaTF32(llvm::IRBuilder<> &b,
          llvm::ArrayRef<llvm::Value *> operands) override {
    std::vector<llvm::Value *> args;
    for (size_t i = 0; i < operands.size(); ++i)
      args.push_back(i < 6 ? b.CreateBitCast(operands[i], b.getInt32Ty())
                           : operands[i]);
    llvm::Value *d = b.CreateIntrinsic(
        llvm::Intrinsic::nvvm_mma_m16n8k8_row_col_tf32, {}, args);
    return {b.CreateExtractValue(d, 0), b.CreateExtractValue(d, 1),
            b.CreateExtractValue(d, 2), b.CreateExtractValue(d, 3)};
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
        return b.CreateIntrinsic(llvm::Intrinsic::nvvm_ex2_approx_f, {},
                                 {scaled});
      }
      return libdevice(b, "__nv_exp", args, type);
    case ir::Op::FExp2:
      if (f32)
        return b.CreateIntrinsic(llvm::Intrinsic::nvvm_ex2_approx_f, {},
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
    case ir::Op::FPow:
      return libdevice(b, f32 ? "__nv_powf" : "__nv_pow", args, type);
    default:
      return nullptr;
    }
  }

  unsigned addressSpace(ir::AddrSpace space) const override {
    return space == ir::AddrSpace::Shared ? sharedAS : globalAS;
  }

private:
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

std::unique_ptr<TargetHooks> createNVPTXHooks() {
  return std::make_unique<NVPTXHooks>();
}

} // namespace wf::codegen
