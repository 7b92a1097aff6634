//===- LLVMLowering.cpp ---------------------------------------------------===//
//
// Blocks become basic blocks, block parameters become phi nodes, and each
// instruction becomes a few LLVM instructions. Operations that LLVM leaves
// undefined but Forth programs can reach at run time (division by zero,
// shifts by 64 or more, float-to-int overflow) get defined results here,
// the same on the GPU and the CPU.
//
//===----------------------------------------------------------------------===//
#include "compiler/codegen/LLVMLowering.h"

#include "common/HostABI.h"

#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/Intrinsics.h"

#include <array>
#include <filesystem>
#include <map>
#include <unordered_map>

namespace wf::codegen {

namespace {

class Lowering {
public:
  Lowering(const ir::Module &module, llvm::LLVMContext &context,
           TargetHooks &target, const LoweringOptions &options)
      : irModule(module), ctx(context), target(target), options(options),
        b(context) {}

  std::unique_ptr<llvm::Module> run() {
    auto llvmModule = std::make_unique<llvm::Module>(irModule.header.name, ctx);
    module = llvmModule.get();
    fn = target.createKernel(*module, irModule.header);
    fn->addFnAttr(llvm::Attribute::NoUnwind);
    if (options.lineInfo && options.sources)
      setUpDebugInfo();

    for (const auto &block : irModule.body.blocks)
      blocks[block.get()] =
          llvm::BasicBlock::Create(ctx, "bb" + std::to_string(block->id), fn);
    for (const auto &block : irModule.body.blocks) {
      b.SetInsertPoint(blocks[block.get()]);
      for (const auto &param : block->params)
        values[param.get()] = b.CreatePHI(typeOf(param->type), 2);
    }
    for (const auto &block : irModule.body.blocks) {
      b.SetInsertPoint(blocks[block.get()]);
      if (block->loopLoc.valid() && !block->loopBounded) {
        setLoc(block->loopLoc);
        target.loopPoll(b, loopSite(*block));
      }
      for (const auto &inst : block->insts) {
        setLoc(inst->loc);
        llvm::Value *v = lowerInst(*inst);
        if (v)
          values[inst.get()] = v;
      }
      lowerTerminator(*block);
    }
    if (dib)
      dib->finalize();
    return llvmModule;
  }

private:
  llvm::Type *typeOf(ir::Type type) {
    switch (type) {
    case ir::Type::I64:
      return b.getInt64Ty();
    case ir::Type::F32:
      return b.getFloatTy();
    case ir::Type::F64:
      return b.getDoubleTy();
    case ir::Type::Void:
      return b.getVoidTy();
    }
    return b.getInt64Ty();
  }

  llvm::Value *get(const ir::Value *v) { return values.at(v); }

  // --- Debug lines -------------------------------------------------------

  void setUpDebugInfo() {
    dib = std::make_unique<llvm::DIBuilder>(*module);
    uint32_t mainFile = irModule.header.loc.file;
    llvm::DIFile *file = fileFor(mainFile);
    // Directives only: `.loc` lines for profilers, no DWARF sections.
    dib->createCompileUnit(llvm::dwarf::DW_LANG_C, file, "warpforthc", true, "",
                           0, "", llvm::DICompileUnit::DebugDirectivesOnly);
    auto *spType = dib->createSubroutineType(dib->getOrCreateTypeArray({}));
    subprogram = dib->createFunction(
        file, fn->getName(), fn->getName(), file, irModule.header.loc.line,
        spType, irModule.header.loc.line, llvm::DINode::FlagZero,
        llvm::DISubprogram::SPFlagDefinition |
            llvm::DISubprogram::SPFlagOptimized);
    fn->setSubprogram(subprogram);
    module->addModuleFlag(llvm::Module::Warning, "Debug Info Version",
                          llvm::DEBUG_METADATA_VERSION);
    module->addModuleFlag(llvm::Module::Warning, "Dwarf Version", 2);
  }

  llvm::DIFile *fileFor(uint32_t file) {
    auto it = diFiles.find(file);
    if (it != diFiles.end())
      return it->second;
    std::filesystem::path path(options.sources->path(file));
    llvm::DIFile *di =
        dib->createFile(path.filename().string(), path.parent_path().string());
    diFiles[file] = di;
    return di;
  }

  void setLoc(SourceLoc loc) {
    if (!dib || !loc.valid())
      return;
    llvm::DIScope *scope = subprogram;
    if (loc.file != irModule.header.loc.file) {
      auto it = fileScopes.find(loc.file);
      if (it == fileScopes.end())
        it = fileScopes
                 .emplace(loc.file, dib->createLexicalBlockFile(
                                        subprogram, fileFor(loc.file)))
                 .first;
      scope = it->second;
    }
    b.SetCurrentDebugLocation(
        llvm::DILocation::get(ctx, loc.line, loc.col, scope));
  }

  // --- Memory ------------------------------------------------------------

  llvm::Type *memoryType(ElemType elem) {
    switch (elem) {
    case ElemType::I8:
      return b.getInt8Ty();
    case ElemType::I16:
    case ElemType::F16:
    case ElemType::BF16:
      return b.getInt16Ty(); // 16-bit floats are converted from their bits
    case ElemType::I32:
      return b.getInt32Ty();
    case ElemType::I64:
      return b.getInt64Ty();
    case ElemType::F32:
      return b.getFloatTy();
    case ElemType::F64:
      return b.getDoubleTy();
    }
    return b.getInt64Ty();
  }

  llvm::Value *toFloatType(llvm::Value *v, llvm::Type *type) {
    if (v->getType() == type)
      return v;
    if (v->getType()->getPrimitiveSizeInBits() < type->getPrimitiveSizeInBits())
      return b.CreateFPExt(v, type);
    return b.CreateFPTrunc(v, type);
  }

  /// A value of element type `elem` (bits for 16-bit floats) to a slot.
  llvm::Value *fromElem(llvm::Value *raw, ElemType elem, ir::Type stack) {
    llvm::Type *type = typeOf(stack);
    switch (elem) {
    case ElemType::I8:
    case ElemType::I16:
    case ElemType::I32:
      return b.CreateSExt(raw, b.getInt64Ty());
    case ElemType::I64:
      return raw;
    case ElemType::BF16: {
      // bf16 is the top half of an f32.
      llvm::Value *wide = b.CreateShl(b.CreateZExt(raw, b.getInt32Ty()), 16);
      return toFloatType(b.CreateBitCast(wide, b.getFloatTy()), type);
    }
    case ElemType::F16:
      return toFloatType(target.halfToFloat(b, raw), type);
    case ElemType::F32:
    case ElemType::F64:
      return toFloatType(raw, type);
    }
    return raw;
  }

  /// A double narrowed to float rounding to odd (toward zero, last bit set
  /// when inexact), so a later rounding to f16/bf16 is the only rounding.
  llvm::Value *roundToOddFloat(llvm::Value *v) {
    if (!v->getType()->isDoubleTy())
      return v;
    llvm::Value *f = b.CreateFPTrunc(v, b.getFloatTy());
    llvm::Value *back = b.CreateFPExt(f, b.getDoubleTy());
    llvm::Value *inexact = b.CreateFCmpONE(back, v); // false for NaN
    llvm::Value *bits = b.CreateBitCast(f, b.getInt32Ty());
    llvm::Value *away =
        b.CreateFCmpOGT(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, back),
                        b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, v));
    llvm::Value *toward =
        b.CreateSelect(away, b.CreateSub(bits, b.getInt32(1)), bits);
    llvm::Value *odd = b.CreateOr(toward, 1);
    return b.CreateBitCast(b.CreateSelect(inexact, odd, bits), b.getFloatTy());
  }

  /// A slot to element type `elem` (bits for 16-bit floats).
  llvm::Value *toElem(llvm::Value *v, ElemType elem) {
    switch (elem) {
    case ElemType::I8:
    case ElemType::I16:
    case ElemType::I32:
      return b.CreateTrunc(v, memoryType(elem));
    case ElemType::I64:
      return v;
    case ElemType::BF16: {
      // Round to nearest even on the f32 bits; keep NaNs quiet NaNs.
      llvm::Value *f = roundToOddFloat(v);
      llvm::Value *bits = b.CreateBitCast(f, b.getInt32Ty());
      llvm::Value *lsb = b.CreateAnd(b.CreateLShr(bits, 16), 1);
      llvm::Value *rounded =
          b.CreateAdd(bits, b.CreateAdd(lsb, b.getInt32(0x7FFF)));
      llvm::Value *isNaN = b.CreateFCmpUNO(f, f);
      llvm::Value *top = b.CreateSelect(isNaN, b.getInt32(0x7FC00000), rounded);
      return b.CreateTrunc(b.CreateLShr(top, 16), b.getInt16Ty());
    }
    case ElemType::F16:
      return target.floatToHalf(b, roundToOddFloat(v));
    case ElemType::F32:
      return toFloatType(v, b.getFloatTy());
    case ElemType::F64:
      return toFloatType(v, b.getDoubleTy());
    }
    return v;
  }

  llvm::Value *pointer(llvm::Value *addr, ir::AddrSpace space) {
    return b.CreateIntToPtr(
        addr, llvm::PointerType::get(ctx, target.addressSpace(space)));
  }

  // Forth addresses are integers, but most are a param's or a shared
  // array's base plus offsets. Rebuilding those as GEPs from the base
  // pointer (instead of inttoptr) lets LLVM see base + constant and fold
  // the constant into the load (ld [r+imm]) instead of keeping a register
  // per address.

  /// Which operand of `v` leads to a param/shared base: -2 when `v` is the
  /// base, -1 when none does. Memoized: address chains share operands.
  int baseOperand(const ir::Value *v, unsigned depth = 0) {
    auto it = baseOperands.find(v);
    if (it != baseOperands.end())
      return it->second;
    int result = -1;
    if (v->kind == ir::Value::Kind::Inst && depth < 64) {
      auto *inst = static_cast<const ir::Inst *>(v);
      if (inst->op == ir::Op::ParamAddr || inst->op == ir::Op::SharedAddr)
        result = -2;
      else if (inst->op == ir::Op::Add || inst->op == ir::Op::Sub) {
        if (baseOperand(inst->operands[0], depth + 1) != -1)
          result = 0;
        else if (inst->op == ir::Op::Add &&
                 baseOperand(inst->operands[1], depth + 1) != -1)
          result = 1;
      }
    }
    baseOperands[v] = result;
    return result;
  }

  /// The pointer for address `v` in `space`: a GEP chain from its base
  /// when it has one in that space, else inttoptr.
  llvm::Value *addressOf(const ir::Value *v, ir::AddrSpace space) {
    unsigned as = target.addressSpace(space);
    int which = baseOperand(v);
    if (which == -1)
      return pointer(get(v), space);
    auto *inst = static_cast<const ir::Inst *>(v);
    if (which == -2) {
      llvm::Value *base = inst->op == ir::Op::ParamAddr
                              ? target.param(b, inst->index)
                              : target.sharedBase(b, inst->index);
      if (base->getType()->getPointerAddressSpace() != as)
        return pointer(get(v), space); // e.g. S@ on a param: as written
      return base;
    }
    llvm::Value *base = addressOf(inst->operands[which], space);
    if (!base->getType()->isPointerTy() ||
        base->getType()->getPointerAddressSpace() != as)
      return pointer(get(v), space);
    const ir::Value *offsetValue = inst->operands[1 - which];
    if (inst->op == ir::Op::Sub)
      return b.CreateGEP(b.getInt8Ty(), base, b.CreateNeg(get(offsetValue)));
    auto [index, elemSize] = scaledIndex(offsetValue);
    llvm::Type *elem = b.getInt8Ty();
    if (elemSize > 1)
      elem = llvm::ArrayType::get(b.getInt8Ty(), elemSize);
    return b.CreateGEP(elem, base, get(index));
  }

  /// An offset `index * size` (say `i FLOATS`) as its index and element
  /// size, so that the GEP indexes elements: LLVM's NVPTX pipeline
  /// (SeparateConstOffsetFromGEP) then moves the index's constant part into
  /// the load's immediate (ld [r+imm]), which it cannot do through the
  /// multiply. Otherwise the offset itself with size 1.
  std::pair<const ir::Value *, uint64_t> scaledIndex(const ir::Value *offset) {
    if (offset->kind != ir::Value::Kind::Inst)
      return {offset, 1};
    auto *mul = static_cast<const ir::Inst *>(offset);
    if (mul->op != ir::Op::Mul)
      return {offset, 1};
    for (int i = 0; i < 2; ++i) {
      const ir::Value *c = mul->operands[i];
      if (c->kind != ir::Value::Kind::Inst)
        continue;
      auto *ci = static_cast<const ir::Inst *>(c);
      // Element sizes of a few KiB at most (a row stride); a larger factor
      // is not an element size and gains nothing as one.
      if (ci->op == ir::Op::ConstInt && ci->imm > 1 && ci->imm <= 4096)
        return {mul->operands[1 - i], static_cast<uint64_t>(ci->imm)};
    }
    return {offset, 1};
  }

  // --- Integer ops with defined edge cases -------------------------------

  llvm::Value *divide(llvm::Value *lhs, llvm::Value *rhs, bool remainder) {
    // x / 0 = 0, x MOD 0 = 0, and MIN / -1 wraps: the hardware would give
    // garbage or trap, and LLVM treats both as undefined.
    llvm::Value *zero = b.getInt64(0), *minusOne = b.getInt64(-1);
    llvm::Value *isZero = b.CreateICmpEQ(rhs, zero);
    llvm::Value *isMinusOne = b.CreateICmpEQ(rhs, minusOne);
    llvm::Value *special = b.CreateOr(isZero, isMinusOne);
    llvm::Value *safe = b.CreateSelect(special, b.getInt64(1), rhs);
    if (remainder)
      return b.CreateSelect(special, zero, b.CreateSRem(lhs, safe));
    llvm::Value *quotient = b.CreateSDiv(lhs, safe);
    llvm::Value *negated = b.CreateSub(zero, lhs);
    return b.CreateSelect(isZero, zero,
                          b.CreateSelect(isMinusOne, negated, quotient));
  }

  llvm::Value *shift(ir::Op op, llvm::Value *lhs, llvm::Value *rhs) {
    llvm::Value *amount = b.CreateAnd(rhs, 63);
    llvm::Value *tooFar = b.CreateICmpUGE(rhs, b.getInt64(64));
    if (op == ir::Op::AShr)
      return b.CreateAShr(lhs, b.CreateSelect(tooFar, b.getInt64(63), amount));
    llvm::Value *shifted = op == ir::Op::Shl ? b.CreateShl(lhs, amount)
                                             : b.CreateLShr(lhs, amount);
    return b.CreateSelect(tooFar, b.getInt64(0), shifted);
  }

  llvm::Value *flag(llvm::Value *bit) {
    return b.CreateSExt(bit, b.getInt64Ty());
  }

  llvm::Value *icmp(ir::Pred pred, llvm::Value *lhs, llvm::Value *rhs) {
    switch (pred) {
    case ir::Pred::EQ:
      return flag(b.CreateICmpEQ(lhs, rhs));
    case ir::Pred::NE:
      return flag(b.CreateICmpNE(lhs, rhs));
    case ir::Pred::LT:
      return flag(b.CreateICmpSLT(lhs, rhs));
    case ir::Pred::GT:
      return flag(b.CreateICmpSGT(lhs, rhs));
    case ir::Pred::LE:
      return flag(b.CreateICmpSLE(lhs, rhs));
    case ir::Pred::GE:
      return flag(b.CreateICmpSGE(lhs, rhs));
    case ir::Pred::ULT:
      return flag(b.CreateICmpULT(lhs, rhs));
    case ir::Pred::UGT:
      return flag(b.CreateICmpUGT(lhs, rhs));
    }
    return nullptr;
  }

  llvm::Value *fcmp(ir::Pred pred, llvm::Value *lhs, llvm::Value *rhs) {
    switch (pred) {
    case ir::Pred::EQ:
      return flag(b.CreateFCmpOEQ(lhs, rhs));
    case ir::Pred::NE:
      return flag(b.CreateFCmpUNE(lhs, rhs)); // NaN <> NaN is true
    case ir::Pred::LT:
      return flag(b.CreateFCmpOLT(lhs, rhs));
    case ir::Pred::GT:
      return flag(b.CreateFCmpOGT(lhs, rhs));
    case ir::Pred::LE:
      return flag(b.CreateFCmpOLE(lhs, rhs));
    case ir::Pred::GE:
      return flag(b.CreateFCmpOGE(lhs, rhs));
    default:
      return nullptr;
    }
  }

  // --- Instructions ------------------------------------------------------

  llvm::Value *lowerInst(const ir::Inst &inst) {
    using ir::Op;
    auto arg = [&](size_t i) { return get(inst.operands[i]); };
    llvm::Type *type = typeOf(inst.type);
    switch (inst.op) {
    case Op::ConstInt:
      return b.getInt64(inst.imm);
    case Op::ConstFloat:
      return llvm::ConstantFP::get(type, inst.fimm);
    case Op::ParamValue: {
      llvm::Value *raw = target.param(b, inst.index);
      ElemType elem = irModule.header.params[inst.index].type;
      // The host hands f16 over as a float already.
      if (elem == ElemType::F16 && raw->getType()->isFloatTy())
        return toFloatType(raw, type);
      if (elem == ElemType::F16)
        raw = b.CreateBitCast(raw, b.getInt16Ty());
      return fromElem(raw, elem, inst.type);
    }
    case Op::ParamAddr:
      return b.CreatePtrToInt(target.param(b, inst.index), b.getInt64Ty());
    case Op::SharedAddr:
      return b.CreatePtrToInt(target.sharedBase(b, inst.index), b.getInt64Ty());
    case Op::TensorMapAddr:
      // The GPU's grid-constant param (a generic address of the param
      // space), the host's description of the map (the slot's pointer).
      return b.CreatePtrToInt(target.param(b, inst.index), b.getInt64Ty());
    case Op::Async:
      return asyncOp(inst);
    case Op::SpecialReg:
      return target.specialReg(b, static_cast<ir::SpecialReg>(inst.index));
    case Op::Add:
      return b.CreateAdd(arg(0), arg(1));
    case Op::Sub:
      return b.CreateSub(arg(0), arg(1));
    case Op::Mul:
      return b.CreateMul(arg(0), arg(1));
    case Op::SDiv:
      return divide(arg(0), arg(1), false);
    case Op::SRem:
      return divide(arg(0), arg(1), true);
    case Op::And:
      return b.CreateAnd(arg(0), arg(1));
    case Op::Or:
      return b.CreateOr(arg(0), arg(1));
    case Op::Xor:
      return b.CreateXor(arg(0), arg(1));
    case Op::Shl:
    case Op::LShr:
    case Op::AShr:
      return shift(inst.op, arg(0), arg(1));
    case Op::ICmp:
      return icmp(inst.pred, arg(0), arg(1));
    case Op::FAdd:
      return b.CreateFAdd(arg(0), arg(1));
    case Op::FSub:
      return b.CreateFSub(arg(0), arg(1));
    case Op::FMul:
      return b.CreateFMul(arg(0), arg(1));
    case Op::FDiv:
      return b.CreateFDiv(arg(0), arg(1));
    case Op::FNeg:
      return b.CreateFNeg(arg(0));
    case Op::FAbs:
      return b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, arg(0));
    case Op::FSqrt:
      return b.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, arg(0));
    case Op::FFloor:
      return b.CreateUnaryIntrinsic(llvm::Intrinsic::floor, arg(0));
    case Op::FMax:
      return b.CreateBinaryIntrinsic(llvm::Intrinsic::maxnum, arg(0), arg(1));
    case Op::FMin:
      return b.CreateBinaryIntrinsic(llvm::Intrinsic::minnum, arg(0), arg(1));
    case Op::FExp:
    case Op::FExp2:
    case Op::FLog:
    case Op::FTanh:
    case Op::FTanhApprox:
    case Op::FSin:
    case Op::FCos:
    case Op::FErf:
      return target.math(b, inst.op, {arg(0)}, type);
    case Op::FToTF32: {
      // Rounded in f32 whatever the float mode: TF32 is a subset of f32.
      llvm::Value *x = b.CreateFPCast(arg(0), b.getFloatTy());
      return b.CreateFPCast(target.math(b, inst.op, {x}, b.getFloatTy()), type);
    }
    case Op::TF32Big: {
      // Half a TF32 ulp added to the magnitude's bits, the low 13 bits
      // cleared: nearest, ties away, like cvt.rna.tf32 but two integer
      // instructions instead of four (no NaN check; see TF32-SPLIT).
      llvm::Value *bits = b.CreateBitCast(
          b.CreateFPCast(arg(0), b.getFloatTy()), b.getInt32Ty());
      llvm::Value *rounded =
          b.CreateAnd(b.CreateAdd(bits, b.getInt32(0x1000)), 0xffffe000u);
      return b.CreateFPCast(b.CreateBitCast(rounded, b.getFloatTy()), type);
    }
    case Op::MmaLane:
      return mmaLane(inst, type);
    case Op::MatrixLoad:
      return matrixLoad(inst);
    case Op::MatrixStore:
      matrixStore(inst);
      return nullptr;
    case Op::HalfToFloat:
      return toFloatType(
          target.halfToFloat(b, b.CreateTrunc(arg(0), b.getInt16Ty())), type);
    case Op::TargetWord:
      return targetWord(inst, type);
    case Op::FPow:
      return target.math(b, inst.op, {arg(0), arg(1)}, type);
    case Op::FCmp:
      return fcmp(inst.pred, arg(0), arg(1));
    case Op::Select:
      return b.CreateSelect(b.CreateICmpNE(arg(0), b.getInt64(0)), arg(1),
                            arg(2));
    case Op::SIToFP:
      return b.CreateSIToFP(arg(0), type);
    case Op::FPToSI:
      // Saturating, NaN to 0: what the GPU's cvt.rzi does, defined in LLVM.
      return b.CreateIntrinsic(llvm::Intrinsic::fptosi_sat,
                               {b.getInt64Ty(), arg(0)->getType()}, {arg(0)});
    case Op::BitsToFloat:
      if (type->isFloatTy())
        return b.CreateBitCast(b.CreateTrunc(arg(0), b.getInt32Ty()), type);
      return b.CreateBitCast(arg(0), type);
    case Op::FloatToBits:
      if (arg(0)->getType()->isFloatTy())
        return b.CreateZExt(b.CreateBitCast(arg(0), b.getInt32Ty()),
                            b.getInt64Ty());
      return b.CreateBitCast(arg(0), b.getInt64Ty());
    case Op::Load: {
      llvm::Type *memType = memoryType(inst.elem);
      llvm::Value *ptr = guard(addressOf(inst.operands[0], inst.space),
                               elemTypeBytes(inst.elem), inst.operands[0],
                               inst.space, inst, "load from");
      sanitizeAccess(inst, ptr, elemTypeBytes(inst.elem), WF_SAN_READ);
      llvm::Value *raw = target.endGuard(
          b, b.CreateAlignedLoad(memType, ptr,
                                 llvm::Align(elemTypeBytes(inst.elem))));
      return fromElem(raw, inst.elem, inst.type);
    }
    case Op::Store: {
      llvm::Value *v = toElem(arg(0), inst.elem);
      llvm::Value *ptr = guard(addressOf(inst.operands[1], inst.space),
                               elemTypeBytes(inst.elem), inst.operands[1],
                               inst.space, inst, "store to");
      sanitizeAccess(inst, ptr, elemTypeBytes(inst.elem), WF_SAN_WRITE);
      b.CreateAlignedStore(v, ptr, llvm::Align(elemTypeBytes(inst.elem)));
      target.endGuard(b, nullptr);
      return nullptr;
    }
    case Op::Barrier:
      sanitizeSite(inst, WF_SAN_BARRIER);
      target.barrier(b);
      return nullptr;
    case Op::Assert:
      if (options.assertions) {
        std::string where = sourcePos(inst);
        target.assertion(b, b.CreateICmpNE(arg(0), b.getInt64(0)),
                         where.empty() ? where : where.substr(2));
      }
      return nullptr;
    case Op::RegIndexCheck: {
      const RegDecl &reg = irModule.header.regs[inst.index];
      target.checkIndex(b, arg(0), static_cast<uint64_t>(reg.count),
                        "register array '" + reg.name + "' (" + reg.name +
                            (inst.imm ? "!" : "@") + ")" + sourcePos(inst));
      return nullptr;
    }
    case Op::CpAsync: {
      llvm::Value *dst =
          guard(addressOf(inst.operands[1], ir::AddrSpace::Shared), 16,
                inst.operands[1], ir::AddrSpace::Shared, inst, "CP-ASYNC to");
      llvm::Value *src =
          guard(addressOf(inst.operands[0], ir::AddrSpace::Global), 16,
                inst.operands[0], ir::AddrSpace::Global, inst, "CP-ASYNC from");
      const llvm::Align natural(16);
      llvm::Align align = std::min(
          checkedAlign(dst, natural, inst, "CP-ASYNC to shared memory"),
          checkedAlign(src, natural, inst, "CP-ASYNC from global memory"));
      sanitizeAccess(inst, dst, 16, WF_SAN_CP_ASYNC);
      target.cpAsync(b, dst, src, align);
      target.endGuard(b, nullptr);
      target.endGuard(b, nullptr);
      return nullptr;
    }
    case Op::CpAsyncCommit:
      sanitizeSite(inst, WF_SAN_CP_COMMIT);
      target.cpAsyncCommit(b);
      return nullptr;
    case Op::CpAsyncWait:
      if (target.sanitizing())
        target.sanitize(b, nullptr, b.getInt64(inst.imm), WF_SAN_CP_WAIT,
                        siteOf(inst));
      target.cpAsyncWait(b, static_cast<unsigned>(inst.imm));
      return nullptr;
    case Op::Wgmma:
    case Op::WgmmaSync:
      return warpgroupWord(inst, type);
    case Op::SharedWindowOffset:
      return target.sharedWindowOffset(
          b, addressOf(inst.operands[0], ir::AddrSpace::Shared));
    case Op::SetMaxNReg:
      target.setMaxNReg(
          b, static_cast<int>(inst.imm),
          std::string(inst.imm < 0 ? "'SETMAXNREG-DEC'" : "'SETMAXNREG-INC'") +
              sourcePos(inst));
      return nullptr;
    case Op::WarpSync:
      sanitizeSite(inst, WF_SAN_WARP);
      target.warpSync(b);
      return nullptr;
    case Op::Shfl:
      sanitizeSite(inst, WF_SAN_WARP);
      return target.shuffle(b, static_cast<ir::ShflMode>(inst.imm), arg(0),
                            arg(1));
    case Op::Atomic:
      return atomic(inst);
    case Op::LoadLane:
      return loadLane(inst);
    case Op::StoreVec: {
      size_t lanes = inst.operands.size() - 1;
      llvm::Type *elem = memoryType(inst.elem);
      llvm::Value *vec =
          llvm::PoisonValue::get(llvm::FixedVectorType::get(elem, lanes));
      for (size_t i = 0; i < lanes; ++i)
        vec = b.CreateInsertElement(vec, toElem(arg(i), inst.elem), i);
      llvm::Value *ptr =
          guard(addressOf(inst.operands[lanes], inst.space),
                lanes * elemTypeBytes(inst.elem), inst.operands[lanes],
                inst.space, inst, "vector store to");
      sanitizeAccess(inst, ptr, lanes * elemTypeBytes(inst.elem), WF_SAN_WRITE);
      b.CreateAlignedStore(vec, ptr,
                           vectorAlignChecked(ptr,
                                              vectorAlign(lanes, inst.elem),
                                              inst, "store to"));
      target.endGuard(b, nullptr);
      return nullptr;
    }
    case Op::Add32:
    case Op::Sub32:
    case Op::Mul32: {
      llvm::Value *l = b.CreateTrunc(arg(0), b.getInt32Ty());
      llvm::Value *r = b.CreateTrunc(arg(1), b.getInt32Ty());
      llvm::Value *v = inst.op == Op::Add32   ? b.CreateAdd(l, r)
                       : inst.op == Op::Sub32 ? b.CreateSub(l, r)
                                              : b.CreateMul(l, r);
      return b.CreateSExt(v, b.getInt64Ty());
    }
    }
    return nullptr;
  }

  llvm::Value *atomic(const ir::Inst &inst) {
    if (inst.type == ir::Type::Void)
      return vectorReduction(inst);
    auto op = static_cast<ir::AtomicOp>(inst.imm);
    llvm::Value *ptr = guard(addressOf(inst.operands.back(), inst.space),
                             elemTypeBytes(inst.elem), inst.operands.back(),
                             inst.space, inst, "atomic on");
    sanitizeAccess(inst, ptr, elemTypeBytes(inst.elem), WF_SAN_ATOMIC);
    // Relaxed ordering, like CUDA's atomicAdd: atom.* without fences.
    const auto order = llvm::AtomicOrdering::Monotonic;
    if (op == ir::AtomicOp::Cas) {
      llvm::Value *pair = b.CreateAtomicCmpXchg(
          ptr, get(inst.operands[0]), get(inst.operands[1]),
          llvm::MaybeAlign(8), order, order);
      return target.endGuard(b, b.CreateExtractValue(pair, 0));
    }
    llvm::AtomicRMWInst::BinOp binOp;
    switch (op) {
    case ir::AtomicOp::Add:
      binOp = llvm::AtomicRMWInst::Add;
      break;
    case ir::AtomicOp::Min:
      binOp = llvm::AtomicRMWInst::Min;
      break;
    case ir::AtomicOp::Max:
      binOp = llvm::AtomicRMWInst::Max;
      break;
    case ir::AtomicOp::Xchg:
      binOp = llvm::AtomicRMWInst::Xchg;
      break;
    default:
      binOp = llvm::AtomicRMWInst::FAdd;
      break;
    }
    llvm::Value *v = get(inst.operands[0]);
    if (inst.elem == ElemType::I32) {
      // An i32 in memory: the cell's low half in, the old value out
      // sign-extended, as I32@ reads it.
      llvm::Value *old = target.endGuard(
          b, b.CreateAtomicRMW(binOp, ptr, b.CreateTrunc(v, b.getInt32Ty()),
                               llvm::MaybeAlign(4), order));
      return b.CreateSExt(old, b.getInt64Ty());
    }
    return target.endGuard(
        b, b.CreateAtomicRMW(
               binOp, ptr, v,
               llvm::MaybeAlign(v->getType()->getPrimitiveSizeInBits() / 8),
               order));
  }

  // 2FATOMIC-ADD-F32 / 4FATOMIC-ADD-F32: the values added to consecutive
  // f32s at an address aligned to the whole vector (the GPU faults on a
  // misaligned one; the host reports it).
  llvm::Value *vectorReduction(const ir::Inst &inst) {
    size_t lanes = inst.operands.size() - 1;
    const ir::Value *addr = inst.operands[lanes];
    llvm::Value *ptr = guard(addressOf(addr, inst.space),
                             lanes * elemTypeBytes(inst.elem), addr,
                             inst.space, inst, "vector atomic on");
    sanitizeAccess(inst, ptr, lanes * elemTypeBytes(inst.elem), WF_SAN_ATOMIC);
    vectorAlignChecked(ptr, vectorAlign(lanes, inst.elem), inst, "atomic on");
    std::vector<llvm::Value *> values;
    for (size_t i = 0; i < lanes; ++i)
      values.push_back(toElem(get(inst.operands[i]), inst.elem));
    target.vectorAtomicFAdd(b, ptr, values);
    target.endGuard(b, nullptr);
    return nullptr;
  }

  /// "file:line:col 'WORD'" of an instruction, for the sanitizer's reports:
  /// the word as the source spells it at that position.
  std::string siteOf(const ir::Inst &inst) const {
    if (!options.sources || !inst.loc.valid())
      return "?";
    std::string_view line =
        options.sources->lineText(inst.loc.file, inst.loc.line);
    std::string_view word =
        inst.loc.col - 1 < line.size() ? line.substr(inst.loc.col - 1) : "";
    word = word.substr(0, word.find_first_of(" \t\r\n"));
    return sourcePos(inst).substr(2) + " '" + std::string(word) + "'";
  }
  /// Sanitize mode: the access at `ptr` (shared memory, or a global store).
  void sanitizeAccess(const ir::Inst &inst, llvm::Value *ptr, uint64_t bytes,
                      int kind) {
    if (!target.sanitizing())
      return;
    if (inst.space != ir::AddrSpace::Shared && kind != WF_SAN_CP_ASYNC) {
      if (kind != WF_SAN_WRITE)
        return; // global: only non-atomic stores (write-write races)
      kind |= WF_SAN_GLOBAL;
    }
    target.sanitize(b, ptr, b.getInt64(bytes), kind, siteOf(inst));
  }
  void sanitizeSite(const ir::Inst &inst, int kind) {
    if (target.sanitizing())
      target.sanitize(b, nullptr, b.getInt64(0), kind, siteOf(inst));
  }

  /// ", file:line:col" of an instruction, for the host's fault messages.
  /// "k.forth:7:5 in the loop at 'BEGIN'" for a loop header.
  std::string loopSite(const ir::Block &block) const {
    std::string pos = "line " + std::to_string(block.loopLoc.line);
    if (options.sources)
      pos = options.sources->path(block.loopLoc.file) + ":" +
            std::to_string(block.loopLoc.line) + ":" +
            std::to_string(block.loopLoc.col);
    return pos + " in the loop at '" + block.loopWord + "'";
  }

  std::string sourcePos(const ir::Inst &inst) const {
    if (!options.sources || !inst.loc.valid())
      return "";
    return ", " + options.sources->path(inst.loc.file) + ":" +
           std::to_string(inst.loc.line) + ":" + std::to_string(inst.loc.col);
  }

  /// `ptr` for a `bytes`-wide access at IR address `addr` (which the caller
  /// follows with target.endGuard once the access is emitted), bounds-checked
  /// where the target checks (the host always, the GPU with --check-bounds):
  /// against shared memory, against the array param the address is built
  /// from when the origin analysis finds one, else against every allocation
  /// the launch knows (the address came from memory, or from two params).
  llvm::Value *guard(llvm::Value *ptr, uint64_t bytes, const ir::Value *addr,
                     ir::AddrSpace space, const ir::Inst &inst,
                     const char *verb) {
    std::string what = std::to_string(bytes) + "-byte " + verb;
    const ir::Inst *base = originOf(addr).base;
    if (space == ir::AddrSpace::Shared)
      return target.guardAccess(
          b, ptr, bytes, -1,
          base && base->op == ir::Op::SharedAddr ? int(base->index) : -1,
          what + " shared memory" + sourcePos(inst));
    if (base && base->op == ir::Op::ParamAddr)
      return target.guardAccess(
          b, ptr, bytes, static_cast<int>(base->index), -1,
          what + " param '" + irModule.header.params[base->index].name + "'" +
              sourcePos(inst));
    std::string where = sourcePos(inst);
    return target.guardAnyAccess(b, ptr, bytes, what,
                                 where.empty() ? where : where.substr(2));
  }

  // --- Origins of addresses ----------------------------------------------
  //
  // Which param or shared array an address is built from, for the bounds
  // check to name (and to check one range instead of all). baseOperand
  // above follows additions only, because a GEP chain must; an address
  // carried around a loop, merged after IF or picked by a computed PICK is
  // a block parameter or a select, which this analysis follows too. Block
  // parameters start unknown (Top) and only go down to a base or to None,
  // so iterating to a fixed point terminates.

  struct Origin {
    enum Kind : uint8_t { Top, Base, None } kind = Top;
    const ir::Inst *base = nullptr;
    // Every use of a param's name is its own ParamAddr: compare what they
    // name, not which instruction.
    bool operator==(const Origin &o) const {
      return kind == o.kind &&
             (base == o.base || (base && o.base && base->op == o.base->op &&
                                 base->index == o.base->index));
    }
  };

  static Origin meet(Origin a, Origin b) {
    if (a.kind == Origin::Top)
      return b;
    if (b.kind == Origin::Top)
      return a;
    if (a == b)
      return a;
    return {Origin::None, nullptr};
  }

  Origin originStep(const ir::Value *v) {
    if (v->kind == ir::Value::Kind::BlockParam) {
      auto it = paramOrigins.find(v);
      return it == paramOrigins.end() ? Origin{} : it->second;
    }
    auto memo = instOrigins.find(v);
    if (memo != instOrigins.end())
      return memo->second;
    auto *inst = static_cast<const ir::Inst *>(v);
    Origin result{Origin::None, nullptr};
    switch (inst->op) {
    case ir::Op::ParamAddr:
    case ir::Op::SharedAddr:
      result = {Origin::Base, inst};
      break;
    case ir::Op::Add: {
      // base + offset in either order; two bases added are no address.
      Origin l = originStep(inst->operands[0]);
      Origin r = originStep(inst->operands[1]);
      if (l.kind == Origin::None)
        result = r;
      else if (r.kind == Origin::None)
        result = l;
      else if (l.kind == Origin::Base && r.kind == Origin::Base)
        result = {Origin::None, nullptr};
      else
        result = l.kind == Origin::Base ? l : r; // optimistic at Top
      break;
    }
    case ir::Op::Sub: {
      // base - offset; base - base is a distance, not an address.
      Origin r = originStep(inst->operands[1]);
      if (r.kind != Origin::Base)
        result = originStep(inst->operands[0]);
      break;
    }
    case ir::Op::Select:
      result =
          meet(originStep(inst->operands[1]), originStep(inst->operands[2]));
      break;
    default:
      break;
    }
    instOrigins[v] = result;
    return result;
  }

  Origin originOf(const ir::Value *addr) {
    if (!originsSolved) {
      solveOrigins();
      originsSolved = true;
    }
    Origin o = originStep(addr);
    if (o.kind == Origin::Top) // a block param that no edge reaches
      o = {Origin::None, nullptr};
    return o;
  }

  void solveOrigins() {
    std::unordered_map<const ir::Value *, std::vector<const ir::Value *>>
        incoming;
    for (const auto &block : irModule.body.blocks)
      for (int succ = 0; succ < 2; ++succ) {
        const ir::Block *to = block->term.targets[succ];
        if (!to)
          continue;
        for (size_t i = 0; i < to->params.size(); ++i)
          if (to->params[i]->type == ir::Type::I64)
            incoming[to->params[i].get()].push_back(block->term.args[succ][i]);
      }
    for (bool changed = true; changed;) {
      changed = false;
      instOrigins.clear(); // they may have read a block param that moved
      for (const auto &[param, args] : incoming) {
        Origin o;
        for (const ir::Value *arg : args)
          o = meet(o, originStep(arg));
        Origin &old = paramOrigins[param];
        if (!(old == o)) {
          old = o;
          changed = true;
        }
      }
    }
    instOrigins.clear();
  }

  /// The target's alignment for a vector access (the host checks it and
  /// reports a misaligned one, naming the access and its source position).
  llvm::Align vectorAlignChecked(llvm::Value *ptr, llvm::Align natural,
                                 const ir::Inst &inst, const char *direction) {
    return checkedAlign(
        ptr, natural, inst,
        std::to_string(natural.value()) + "-byte vector " + direction +
            (inst.space == ir::AddrSpace::Shared ? " shared" : " global") +
            " memory");
  }
  llvm::Align checkedAlign(llvm::Value *ptr, llvm::Align natural,
                           const ir::Inst &inst, const std::string &what) {
    return target.alignedAccess(b, ptr, natural.value(),
                                what + sourcePos(inst));
  }

  // Vector accesses promise the whole vector's alignment, up to 16 bytes:
  // buffers and shared arrays are 16-byte aligned, not more.
  static llvm::Align vectorAlign(uint64_t lanes, ElemType elem) {
    return llvm::Align(std::min<uint64_t>(16, lanes * elemTypeBytes(elem)));
  }

  // The lanes of one 4F@ (one group) share one vector load: ld.v4.
  llvm::Value *loadLane(const ir::Inst &inst) {
    llvm::Value *addr = get(inst.operands[0]);
    auto it = vectorLoads.find(inst.group);
    if (it == vectorLoads.end()) {
      llvm::Type *elem = memoryType(inst.elem);
      auto *type = llvm::FixedVectorType::get(elem, inst.imm);
      llvm::Value *ptr =
          guard(addressOf(inst.operands[0], inst.space),
                inst.imm * elemTypeBytes(inst.elem), inst.operands[0],
                inst.space, inst, "vector load from");
      sanitizeAccess(inst, ptr, inst.imm * elemTypeBytes(inst.elem),
                     WF_SAN_READ);
      llvm::Value *vec = b.CreateAlignedLoad(
          type, ptr,
          vectorAlignChecked(ptr, vectorAlign(inst.imm, inst.elem), inst,
                             "load from"));
      vec = target.endGuard(b, vec);
      it = vectorLoads.emplace(inst.group, vec).first;
    }
    return fromElem(b.CreateExtractElement(it->second, inst.index), inst.elem,
                    inst.type);
  }

  // The results of one MMA (one group) come from one instruction.
  llvm::Value *mmaLane(const ir::Inst &inst, llvm::Type *type) {
    auto kind = static_cast<ir::MmaKind>(inst.imm);
    auto it = groupResults.find(inst.group);
    if (it == groupResults.end()) {
      // TF32 operands and f32 accumulators are f32, the rest 32-bit pairs.
      bool tf32 = kind == ir::MmaKind::TF32;
      bool f32Acc = kind != ir::MmaKind::F16Acc;
      std::vector<llvm::Value *> operands;
      for (size_t i = 0; i < inst.operands.size(); ++i) {
        llvm::Value *cell = get(inst.operands[i]);
        bool isFloat = i < 6 ? tf32 : f32Acc;
        operands.push_back(isFloat ? b.CreateFPCast(cell, b.getFloatTy())
                                   : b.CreateTrunc(cell, b.getInt32Ty()));
      }
      sanitizeSite(inst, WF_SAN_WARP);
      it =
          groupResults.emplace(inst.group, target.mma(b, kind, operands)).first;
    }
    llvm::Value *d = it->second.at(inst.index);
    return d->getType()->isFloatTy() ? b.CreateFPCast(d, type)
                                     : b.CreateZExt(d, b.getInt64Ty());
  }

  // Each lane's row address is a 16-byte shared access, checked as one
  // (also in .x1 and .x2, whose later lanes the hardware ignores). A
  // warp-wide instruction cannot skip one lane: the check only reports (the
  // host also redirects the row to its scratch bytes), and every lane runs
  // the instruction.
  llvm::Value *matrixRow(const ir::Inst &inst, const ir::Value *addr,
                         const char *verb, unsigned count, int kind) {
    llvm::Value *ptr = guard(addressOf(addr, ir::AddrSpace::Shared), 16, addr,
                             ir::AddrSpace::Shared, inst, verb);
    target.endGuard(b, nullptr);
    target.alignedAccess(
        b, ptr, 16, std::string(verb) + " shared memory" + sourcePos(inst));
    if (target.sanitizing()) {
      // Lanes 0..8*count-1 give the rows; the others' addresses are unused.
      llvm::Value *lane = target.specialReg(b, ir::SpecialReg::LaneId);
      llvm::Value *bytes =
          b.CreateSelect(b.CreateICmpULT(lane, b.getInt64(8 * count)),
                         b.getInt64(16), b.getInt64(0));
      target.sanitize(b, ptr, bytes, kind, siteOf(inst));
      sanitizeSite(inst, WF_SAN_WARP);
    }
    return ptr;
  }

  llvm::Value *matrixLoad(const ir::Inst &inst) {
    auto it = groupResults.find(inst.group);
    if (it == groupResults.end()) {
      llvm::Value *row = matrixRow(inst, inst.operands[0], "ldmatrix row of",
                                   unsigned(inst.imm & 7), WF_SAN_READ);
      std::vector<llvm::Value *> regs =
          target.matrixLoad(b, row, unsigned(inst.imm & 7), inst.imm & 8);
      it = groupResults.emplace(inst.group, regs).first;
    }
    return b.CreateZExt(it->second.at(inst.index), b.getInt64Ty());
  }

  void matrixStore(const ir::Inst &inst) {
    size_t count = inst.operands.size() - 1;
    llvm::Value *row = matrixRow(inst, inst.operands[count], "stmatrix row of",
                                 unsigned(count), WF_SAN_WRITE);
    std::vector<llvm::Value *> regs;
    for (size_t i = 0; i < count; ++i)
      regs.push_back(b.CreateTrunc(arg(inst, i), b.getInt32Ty()));
    target.matrixStore(b, row, regs, inst.imm & 8);
  }

  // The results of one wgmma or one fence/wait (one group) come from one
  // instruction; the accumulators are f32 there.
  llvm::Value *warpgroupWord(const ir::Inst &inst, llvm::Type *type) {
    auto it = groupResults.find(inst.group);
    if (inst.type == ir::Type::Void || it == groupResults.end()) {
      bool mma = inst.op == ir::Op::Wgmma;
      size_t fixed = mma ? ir::wgmmaFixedOperands(inst.imm) : 0;
      std::vector<llvm::Value *> fixedArgs, acc;
      for (size_t i = 0; i < inst.operands.size(); ++i) {
        llvm::Value *v = arg(inst, i);
        if (i < fixed)
          fixedArgs.push_back(v);
        else
          acc.push_back(b.CreateFPCast(v, b.getFloatTy()));
      }
      std::vector<llvm::Value *> d =
          mma ? target.wgmma(b, inst.imm, fixedArgs, acc)
              : target.wgmmaSync(b, inst.imm, acc);
      if (inst.type == ir::Type::Void)
        return nullptr;
      it = groupResults.emplace(inst.group, d).first;
    }
    return b.CreateFPCast(it->second.at(inst.index), type);
  }

  // Shared operands become shared pointers; an mbarrier is an 8-byte,
  // 8-aligned object, checked like an access (a TMA tile is checked by the
  // CPU executor, which knows its size from the tensor map).
  llvm::Value *asyncOp(const ir::Inst &inst) {
    auto kind = static_cast<ir::AsyncKind>(inst.index);
    size_t n = inst.operands.size();
    int mbar = -1, tile = -1;
    switch (kind) {
    case ir::AsyncKind::MbarInit:
    case ir::AsyncKind::MbarArrive:
    case ir::AsyncKind::MbarArriveTx:
    case ir::AsyncKind::MbarWait:
    case ir::AsyncKind::MbarWaitCluster:
    case ir::AsyncKind::MbarTryWait:
      mbar = int(n) - 1;
      break;
    case ir::AsyncKind::TmaLoad:
      mbar = int(n) - 3;
      tile = int(n) - 2;
      break;
    case ir::AsyncKind::TmaStore:
    case ir::AsyncKind::TmaReduceAdd:
    case ir::AsyncKind::Mapa: // its shared address is a tile's, unchecked
      tile = kind == ir::AsyncKind::Mapa ? 0 : int(n) - 2;
      break;
    case ir::AsyncKind::TmaLoadMc:
      mbar = int(n) - 4;
      tile = int(n) - 3;
      break;
    default:
      break;
    }
    std::string word = primitiveName(static_cast<Prim>(inst.imm));
    std::vector<llvm::Value *> operands;
    for (size_t i = 0; i < n; ++i) {
      const ir::Value *v = inst.operands[i];
      if (int(i) != mbar && int(i) != tile) {
        llvm::Value *cell = get(v);
        // DSMEM-F32!: a float cell travels as its f32 bits.
        if (cell->getType()->isFloatingPointTy())
          cell =
              b.CreateZExt(b.CreateBitCast(b.CreateFPCast(cell, b.getFloatTy()),
                                           b.getInt32Ty()),
                           b.getInt64Ty());
        operands.push_back(cell);
        continue;
      }
      llvm::Value *ptr = addressOf(v, ir::AddrSpace::Shared);
      if (int(i) == mbar) {
        std::string verb = "mbarrier access of '" + word + "' to";
        ptr = guard(ptr, 8, v, ir::AddrSpace::Shared, inst, verb.c_str());
        target.endGuard(b, nullptr);
        target.alignedAccess(b, ptr, 8,
                             "8-byte mbarrier of '" + word +
                                 "' in shared memory" + sourcePos(inst));
      }
      operands.push_back(ptr);
    }
    llvm::Value *r =
        target.asyncOp(b, kind, operands, "'" + word + "'" + sourcePos(inst));
    // DSMEM-F32@: the low 32 bits are the f32.
    if (r && (inst.type == ir::Type::F32 || inst.type == ir::Type::F64))
      r = b.CreateFPCast(
          b.CreateBitCast(b.CreateTrunc(r, b.getInt32Ty()), b.getFloatTy()),
          typeOf(inst.type));
    return r;
  }

  // The results of one use of a target word (one group) come from one
  // call; cells are converted to the intrinsic's types and back.
  llvm::Value *targetWord(const ir::Inst &inst, llvm::Type *type) {
    auto it = targetWordResults.find(inst.group);
    if (it == targetWordResults.end()) {
      auto prim = static_cast<Prim>(inst.imm);
      std::string name = targetIntrinsic(prim);
      llvm::FunctionType *wordType = llvm::Intrinsic::getType(
          ctx, llvm::Function::lookupIntrinsicID(name));
      std::vector<llvm::Value *> args;
      for (size_t i = 0; i < inst.operands.size(); ++i)
        args.push_back(toWordType(arg(inst, i), wordType->getParamType(i)));
      it = targetWordResults
               .emplace(inst.group,
                        target.targetWord(b, prim, name, wordType, args))
               .first;
    }
    if (inst.type == ir::Type::Void)
      return nullptr;
    return fromWordType(it->second.at(inst.index), type);
  }
  llvm::Value *arg(const ir::Inst &inst, size_t i) {
    return get(inst.operands[i]);
  }

  /// A cell as a value of an intrinsic's parameter type: floats convert,
  /// anything else takes the cell's low bits.
  llvm::Value *toWordType(llvm::Value *cell, llvm::Type *to) {
    llvm::Type *from = cell->getType();
    if (to->isFloatingPointTy() && from->isFloatingPointTy())
      return b.CreateFPCast(cell, to);
    llvm::Value *bits =
        from->isIntegerTy()
            ? cell
            : b.CreateBitCast(cell,
                              b.getIntNTy(from->getPrimitiveSizeInBits()));
    bits = b.CreateZExtOrTrunc(bits, b.getIntNTy(to->getPrimitiveSizeInBits()));
    return to->isIntegerTy() ? bits : b.CreateBitCast(bits, to);
  }

  /// An intrinsic's result as a cell: floats convert, an i1 becomes a
  /// Forth flag, anything else its bits zero-extended.
  llvm::Value *fromWordType(llvm::Value *v, llvm::Type *cell) {
    llvm::Type *from = v->getType();
    if (cell->isFloatingPointTy() && from->isFloatingPointTy())
      return b.CreateFPCast(v, cell);
    if (from->isIntegerTy(1))
      return b.CreateSExt(v, b.getInt64Ty());
    llvm::Value *bits =
        from->isIntegerTy()
            ? v
            : b.CreateBitCast(v, b.getIntNTy(from->getPrimitiveSizeInBits()));
    bits =
        b.CreateZExtOrTrunc(bits, b.getIntNTy(cell->getPrimitiveSizeInBits()));
    return cell->isIntegerTy() ? bits : b.CreateBitCast(bits, cell);
  }

  void lowerTerminator(const ir::Block &block) {
    const ir::Terminator &t = block.term;
    setLoc(t.loc);
    llvm::BasicBlock *here = b.GetInsertBlock();
    auto addIncoming = [&](unsigned succ) {
      const ir::Block *target = t.targets[succ];
      for (size_t i = 0; i < target->params.size(); ++i)
        llvm::cast<llvm::PHINode>(values.at(target->params[i].get()))
            ->addIncoming(get(t.args[succ][i]), here);
    };
    switch (t.kind) {
    case ir::Terminator::Kind::Ret:
    case ir::Terminator::Kind::None:
      b.CreateRetVoid();
      break;
    case ir::Terminator::Kind::Br:
      b.CreateBr(blocks.at(t.targets[0]));
      addIncoming(0);
      break;
    case ir::Terminator::Kind::CondBr: {
      llvm::Value *cond = b.CreateICmpNE(get(t.cond), b.getInt64(0));
      b.CreateCondBr(cond, blocks.at(t.targets[0]), blocks.at(t.targets[1]));
      addIncoming(0);
      addIncoming(1);
      break;
    }
    }
  }

  const ir::Module &irModule;
  llvm::LLVMContext &ctx;
  TargetHooks &target;
  const LoweringOptions &options;
  llvm::IRBuilder<> b;
  llvm::Module *module = nullptr;
  llvm::Function *fn = nullptr;
  std::unordered_map<const ir::Block *, llvm::BasicBlock *> blocks;
  std::unordered_map<const ir::Value *, llvm::Value *> values;
  std::unordered_map<unsigned, llvm::Value *> vectorLoads;
  std::unordered_map<unsigned, std::vector<llvm::Value *>> groupResults;
  std::unordered_map<unsigned, std::vector<llvm::Value *>> targetWordResults;
  std::unordered_map<const ir::Value *, int> baseOperands;
  std::unordered_map<const ir::Value *, Origin> paramOrigins, instOrigins;
  bool originsSolved = false;
  std::unique_ptr<llvm::DIBuilder> dib;
  llvm::DISubprogram *subprogram = nullptr;
  std::map<uint32_t, llvm::DIFile *> diFiles;
  std::map<uint32_t, llvm::DIScope *> fileScopes;
};

} // namespace

std::unique_ptr<llvm::Module> lowerToLLVM(const ir::Module &module,
                                          llvm::LLVMContext &context,
                                          TargetHooks &target,
                                          const LoweringOptions &options) {
  return Lowering(module, context, target, options).run();
}

} // namespace wf::codegen
