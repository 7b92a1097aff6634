//===- Primitives.cpp - The stack effect and IR of each primitive word ----===//
#include "compiler/resolver/Resolver.h"

namespace wf {

using ir::Op;
using ir::Pred;

ElemType Resolver::floatElem() const {
  return program.header.floatMode == FloatMode::F32 ? ElemType::F32
                                                    : ElemType::F64;
}

ir::Value *Resolver::specialReg(ir::SpecialReg reg) {
  ir::Inst *inst = b.create(Op::SpecialReg, ir::Type::I64);
  inst->index = static_cast<unsigned>(reg);
  return inst;
}

void Resolver::load(const Item &item, ElemType elem, ir::AddrSpace space) {
  if (!need(item, 1))
    return;
  ir::Value *addr = popInt();
  ir::Type type = isFloatElem(elem) ? b.getFloatType() : ir::Type::I64;
  ir::Inst *inst = b.create(Op::Load, type, {addr});
  inst->elem = elem;
  inst->space = space;
  push(inst);
}

void Resolver::store(const Item &item, ElemType elem, ir::AddrSpace space) {
  if (!need(item, 2))
    return;
  ir::Value *addr = popInt();
  ir::Value *value = isFloatElem(elem) ? popFloat() : popInt();
  ir::Inst *inst = b.create(Op::Store, ir::Type::Void, {value, addr});
  inst->elem = elem;
  inst->space = space;
}

void Resolver::loopIndex(const Item &item, unsigned depth) {
  if (state.loops.size() <= depth) {
    static const char *const need[] = {"inside a DO loop",
                                       "inside two nested DO loops",
                                       "inside three nested DO loops"};
    diags.error(item.loc,
                "'" + item.text + "' is only valid " + need[depth] +
                    " (there " +
                    (state.loops.size() == 1
                         ? "is 1 enclosing loop"
                         : "are " + std::to_string(state.loops.size()) +
                               " enclosing loops") +
                    ")",
                static_cast<uint32_t>(item.text.size()));
    current = nullptr;
    return;
  }
  push(state.loops[state.loops.size() - 1 - depth].index);
}

// Register arrays are slots of the machine state: a constant index is a
// slot access; a computed one selects among all elements (no memory, but
// O(size) instructions; UNROLL the loop to make indices constant).
void Resolver::regAccess(const Item &item) {
  const RegDecl &reg = program.header.regs[item.index];
  bool isSet = item.kind == ItemKind::RegSet;
  if (!need(item, isSet ? 2 : 1))
    return;
  ir::Value *index = popInt();
  size_t base = regOffsets[item.index];
  size_t count = static_cast<size_t>(reg.count);
  auto view = [&](ir::Value *v) {
    return isFloatElem(reg.type) ? b.asFloat(v) : b.asInt(v);
  };
  if (auto c = ir::IRBuilder::constValue(index)) {
    if (*c < 0 || static_cast<size_t>(*c) >= count) {
      diags.error(item.loc,
                  "index " + std::to_string(*c) +
                      " is outside register "
                      "array '" +
                      reg.name + "' of " + std::to_string(count) + " elements",
                  static_cast<uint32_t>(item.text.size()));
      current = nullptr;
      return;
    }
    if (isSet)
      state.regs[base + *c] = view(pop());
    else
      push(state.regs[base + *c]);
    return;
  }
  if (!charge(item, 3 * count)) // a compare and a select per element
    return;
  if (isSet) {
    ir::Value *value = view(pop());
    for (size_t k = 0; k < count; ++k) {
      ir::Value *hit =
          b.icmp(Pred::EQ, index, b.constInt(static_cast<int64_t>(k)));
      state.regs[base + k] = b.select(hit, value, state.regs[base + k]);
    }
    return;
  }
  ir::Value *result = state.regs[base];
  for (size_t k = 1; k < count; ++k) {
    ir::Value *hit =
        b.icmp(Pred::EQ, index, b.constInt(static_cast<int64_t>(k)));
    result = b.select(hit, state.regs[base + k], result);
  }
  push(result);
}

// PICK with a constant index is a slot copy; with a computed index it
// selects among the slots that exist at this point (the depth is known).
void Resolver::pick(const Item &item) {
  if (!need(item, 1))
    return;
  ir::Value *n = popInt();
  size_t depth = state.data.size();
  if (auto c = ir::IRBuilder::constValue(n)) {
    if (*c < 0 || static_cast<size_t>(*c) >= depth) {
      diags.error(item.loc,
                  "PICK index " + std::to_string(*c) +
                      " is outside the stack (depth " + std::to_string(depth) +
                      " below the index)",
                  static_cast<uint32_t>(item.text.size()));
      current = nullptr;
      return;
    }
    push(state.data[depth - 1 - *c]);
    return;
  }
  if (depth == 0) {
    diags.error(item.loc, "PICK with an empty stack below its index",
                static_cast<uint32_t>(item.text.size()));
    current = nullptr;
    return;
  }
  if (!charge(item, 3 * depth)) // a compare and a select per slot
    return;
  bool allFloat = true;
  for (ir::Value *v : state.data)
    allFloat = allFloat && v->type != ir::Type::I64;
  auto view = [&](ir::Value *v) { return allFloat ? v : b.asInt(v); };
  // An index past the stack yields the deepest slot (undefined in Forth).
  ir::Value *result = view(state.data[0]);
  for (size_t k = 1; k < depth; ++k) {
    size_t fromTop = depth - 1 - k;
    ir::Value *hit =
        b.icmp(Pred::EQ, n, b.constInt(static_cast<int64_t>(fromTop)));
    result = b.select(hit, view(state.data[k]), result);
  }
  push(result);
}

// ROLL: ( xn .. x0 n -- xn-1 .. x0 xn ).
void Resolver::roll(const Item &item) {
  if (!need(item, 1))
    return;
  ir::Value *n = popInt();
  size_t depth = state.data.size();
  if (auto c = ir::IRBuilder::constValue(n)) {
    if (*c < 0 || static_cast<size_t>(*c) >= depth) {
      diags.error(item.loc,
                  "ROLL index " + std::to_string(*c) +
                      " is outside the stack (depth " + std::to_string(depth) +
                      " below the index)",
                  static_cast<uint32_t>(item.text.size()));
      current = nullptr;
      return;
    }
    size_t pos = depth - 1 - *c;
    ir::Value *v = state.data[pos];
    state.data.erase(state.data.begin() + pos);
    push(v);
    return;
  }
  if (depth == 0) {
    diags.error(item.loc, "ROLL with an empty stack below its index",
                static_cast<uint32_t>(item.text.size()));
    current = nullptr;
    return;
  }
  if (!charge(item, 6 * depth)) // compares and selects per slot
    return;
  // Dynamic: slot k from the top (after the roll) comes from k-1 if the
  // rolled item was deeper than it, else stays.
  std::vector<ir::Value *> old(state.data.begin(), state.data.end());
  std::vector<ir::Value *> asInts;
  for (ir::Value *v : old)
    asInts.push_back(b.asInt(v));
  auto fromTop = [&](size_t k) { return asInts[depth - 1 - k]; };
  ir::Value *picked = fromTop(depth - 1);
  for (size_t k = depth - 1; k-- > 0;) {
    ir::Value *hit = b.icmp(Pred::EQ, n, b.constInt(static_cast<int64_t>(k)));
    picked = b.select(hit, fromTop(k), picked);
  }
  std::vector<ir::Value *> rolled(depth);
  for (size_t k = 1; k < depth; ++k) {
    ir::Value *deeper =
        b.icmp(Pred::GE, n, b.constInt(static_cast<int64_t>(k)));
    rolled[depth - 1 - k] = b.select(deeper, fromTop(k - 1), fromTop(k));
  }
  rolled[depth - 1] = picked;
  state.data.assign(rolled.begin(), rolled.end());
}

void Resolver::applyPrimitive(const Item &item) {
  auto binaryInt = [&](Op op) {
    if (!need(item, 2))
      return;
    ir::Value *rhs = popInt();
    ir::Value *lhs = popInt();
    push(b.binary(op, lhs, rhs));
  };
  auto binaryFloat = [&](Op op) {
    if (!need(item, 2))
      return;
    ir::Value *rhs = popFloat();
    ir::Value *lhs = popFloat();
    push(b.binary(op, lhs, rhs));
  };
  auto unaryFloat = [&](Op op) {
    if (!need(item, 1))
      return;
    ir::Value *x = popFloat();
    push(b.create(op, b.getFloatType(), {x}));
  };
  auto compareInt = [&](Pred pred) {
    if (!need(item, 2))
      return;
    ir::Value *rhs = popInt();
    ir::Value *lhs = popInt();
    push(b.icmp(pred, lhs, rhs));
  };
  auto compareFloat = [&](Pred pred) {
    if (!need(item, 2))
      return;
    ir::Value *rhs = popFloat();
    ir::Value *lhs = popFloat();
    push(b.fcmp(pred, lhs, rhs));
  };
  auto scale = [&](int64_t factor) {
    if (!need(item, 1))
      return;
    ir::Value *n = popInt();
    push(b.binary(Op::Mul, n, b.constInt(factor)));
  };
  const ir::AddrSpace global = ir::AddrSpace::Global;
  const ir::AddrSpace shared = ir::AddrSpace::Shared;
  auto &d = state.data;

  switch (item.prim) {
  case Prim::Dup:
    if (need(item, 1))
      push(d.back());
    break;
  case Prim::Drop:
    if (need(item, 1))
      pop();
    break;
  case Prim::Swap:
    if (need(item, 2))
      std::swap(d[d.size() - 1], d[d.size() - 2]);
    break;
  case Prim::Over:
    if (need(item, 2))
      push(d[d.size() - 2]);
    break;
  case Prim::Rot:
    if (need(item, 3)) {
      ir::Value *a = d[d.size() - 3];
      d.erase(d.end() - 3);
      push(a);
    }
    break;
  case Prim::Nip:
    if (need(item, 2))
      d.erase(d.end() - 2);
    break;
  case Prim::Tuck:
    if (need(item, 2))
      d.insert(d.end() - 2, d.back());
    break;
  case Prim::Pick:
    pick(item);
    break;
  case Prim::Roll:
    roll(item);
    break;
  case Prim::ToR:
    if (need(item, 1))
      state.ret.push_back(pop());
    break;
  case Prim::RFrom:
  case Prim::RFetch:
    if (state.ret.empty()) {
      diags.error(item.loc,
                  "return stack underflow: '" + item.text +
                      "' without a matching >R",
                  static_cast<uint32_t>(item.text.size()));
      current = nullptr;
      break;
    }
    push(state.ret.back());
    if (item.prim == Prim::RFrom)
      state.ret.pop_back();
    break;

  case Prim::Add:
    binaryInt(Op::Add);
    break;
  case Prim::Sub:
    binaryInt(Op::Sub);
    break;
  case Prim::Mul:
    binaryInt(Op::Mul);
    break;
  case Prim::Div:
    binaryInt(Op::SDiv);
    break;
  case Prim::Mod:
    binaryInt(Op::SRem);
    break;

  case Prim::FAdd:
    binaryFloat(Op::FAdd);
    break;
  case Prim::FSub:
    binaryFloat(Op::FSub);
    break;
  case Prim::FMul:
    binaryFloat(Op::FMul);
    break;
  case Prim::FDiv:
    binaryFloat(Op::FDiv);
    break;
  case Prim::FMax:
    binaryFloat(Op::FMax);
    break;
  case Prim::FMin:
    binaryFloat(Op::FMin);
    break;
  case Prim::FPow:
    binaryFloat(Op::FPow);
    break;
  case Prim::FExp:
    unaryFloat(Op::FExp);
    break;
  case Prim::FExp2:
    unaryFloat(Op::FExp2);
    break;
  case Prim::FToTF32:
    requireSm(item, 80);
    unaryFloat(Op::FToTF32);
    break;
  case Prim::TF32Split: {
    // x = big + small exactly. No NaN check on big: a NaN x gives a NaN
    // small, which carries it through any product of the two parts.
    if (!need(item, 1))
      return;
    ir::Value *x = popFloat();
    ir::Value *big = b.create(Op::TF32Big, b.getFloatType(), {x});
    push(big);
    push(b.binary(Op::FSub, x, big));
    break;
  }
  case Prim::MmaTF32:
    requireSm(item, 80);
    mma(item);
    break;
  case Prim::CpAsync: {
    requireSm(item, 80);
    if (!need(item, 2))
      return;
    ir::Value *dst = popInt();
    ir::Value *src = popInt();
    b.create(Op::CpAsync, ir::Type::Void, {src, dst});
    break;
  }
  case Prim::CpAsyncCommit:
    requireSm(item, 80);
    b.create(Op::CpAsyncCommit, ir::Type::Void);
    break;
  case Prim::CpAsyncWait:
    requireSm(item, 80);
    cpAsyncWait(item);
    break;
  case Prim::FSqrt:
    unaryFloat(Op::FSqrt);
    break;
  case Prim::FLog:
    unaryFloat(Op::FLog);
    break;
  case Prim::FAbs:
    unaryFloat(Op::FAbs);
    break;
  case Prim::FNeg:
    unaryFloat(Op::FNeg);
    break;
  case Prim::FTanh:
    unaryFloat(Op::FTanh);
    break;
  case Prim::FFloor:
    unaryFloat(Op::FFloor);
    break;

  case Prim::And:
    binaryInt(Op::And);
    break;
  case Prim::Or:
    binaryInt(Op::Or);
    break;
  case Prim::Xor:
    binaryInt(Op::Xor);
    break;
  case Prim::Not:
    if (need(item, 1))
      push(b.binary(Op::Xor, popInt(), b.constInt(-1)));
    break;
  case Prim::LShift:
    binaryInt(Op::Shl);
    break;
  case Prim::RShift:
    binaryInt(Op::LShr);
    break;
  case Prim::ARShift:
    binaryInt(Op::AShr);
    break;

  case Prim::Eq:
    compareInt(Pred::EQ);
    break;
  case Prim::Lt:
    compareInt(Pred::LT);
    break;
  case Prim::Gt:
    compareInt(Pred::GT);
    break;
  case Prim::Ne:
    compareInt(Pred::NE);
    break;
  case Prim::Le:
    compareInt(Pred::LE);
    break;
  case Prim::Ge:
    compareInt(Pred::GE);
    break;
  case Prim::ULt:
    compareInt(Pred::ULT);
    break;
  case Prim::UGt:
    compareInt(Pred::UGT);
    break;
  case Prim::ZeroEq:
    if (need(item, 1))
      push(b.icmp(Pred::EQ, popInt(), b.constInt(0)));
    break;

  case Prim::FEq:
    compareFloat(Pred::EQ);
    break;
  case Prim::FLt:
    compareFloat(Pred::LT);
    break;
  case Prim::FGt:
    compareFloat(Pred::GT);
    break;
  case Prim::FNe:
    compareFloat(Pred::NE);
    break;
  case Prim::FLe:
    compareFloat(Pred::LE);
    break;
  case Prim::FGe:
    compareFloat(Pred::GE);
    break;

  case Prim::SToF:
    if (need(item, 1))
      push(b.create(Op::SIToFP, b.getFloatType(), {popInt()}));
    break;
  case Prim::FToS:
    if (need(item, 1))
      push(b.create(Op::FPToSI, ir::Type::I64, {popFloat()}));
    break;
  case Prim::Cells:
    scale(8);
    break;
  case Prim::Floats:
    scale(program.header.floatMode == FloatMode::F32 ? 4 : 8);
    break;

  case Prim::Fetch:
    load(item, ElemType::I64, global);
    break;
  case Prim::Store:
    store(item, ElemType::I64, global);
    break;
  case Prim::FFetch:
    load(item, floatElem(), global);
    break;
  case Prim::FStore:
    store(item, floatElem(), global);
    break;
  case Prim::SFetch:
    load(item, ElemType::I64, shared);
    break;
  case Prim::SStore:
    store(item, ElemType::I64, shared);
    break;
  case Prim::SFFetch:
    load(item, floatElem(), shared);
    break;
  case Prim::SFStore:
    store(item, floatElem(), shared);
    break;
  case Prim::I8Fetch:
    load(item, ElemType::I8, global);
    break;
  case Prim::I8Store:
    store(item, ElemType::I8, global);
    break;
  case Prim::SI8Fetch:
    load(item, ElemType::I8, shared);
    break;
  case Prim::SI8Store:
    store(item, ElemType::I8, shared);
    break;
  case Prim::I16Fetch:
    load(item, ElemType::I16, global);
    break;
  case Prim::I16Store:
    store(item, ElemType::I16, global);
    break;
  case Prim::SI16Fetch:
    load(item, ElemType::I16, shared);
    break;
  case Prim::SI16Store:
    store(item, ElemType::I16, shared);
    break;
  case Prim::I32Fetch:
    load(item, ElemType::I32, global);
    break;
  case Prim::I32Store:
    store(item, ElemType::I32, global);
    break;
  case Prim::SI32Fetch:
    load(item, ElemType::I32, shared);
    break;
  case Prim::SI32Store:
    store(item, ElemType::I32, shared);
    break;
  case Prim::HFFetch:
    load(item, ElemType::F16, global);
    break;
  case Prim::HFStore:
    store(item, ElemType::F16, global);
    break;
  case Prim::SHFFetch:
    load(item, ElemType::F16, shared);
    break;
  case Prim::SHFStore:
    store(item, ElemType::F16, shared);
    break;
  case Prim::BFFetch:
    load(item, ElemType::BF16, global);
    break;
  case Prim::BFStore:
    store(item, ElemType::BF16, global);
    break;
  case Prim::SBFFetch:
    load(item, ElemType::BF16, shared);
    break;
  case Prim::SBFStore:
    store(item, ElemType::BF16, shared);
    break;
  case Prim::F32Fetch:
    load(item, ElemType::F32, global);
    break;
  case Prim::F32Store:
    store(item, ElemType::F32, global);
    break;
  case Prim::SF32Fetch:
    load(item, ElemType::F32, shared);
    break;
  case Prim::SF32Store:
    store(item, ElemType::F32, shared);
    break;

  case Prim::LoopI:
    loopIndex(item, 0);
    break;
  case Prim::LoopJ:
    loopIndex(item, 1);
    break;
  case Prim::LoopK:
    loopIndex(item, 2);
    break;

  case Prim::TidX:
    push(specialReg(ir::SpecialReg::TidX));
    break;
  case Prim::TidY:
    push(specialReg(ir::SpecialReg::TidY));
    break;
  case Prim::TidZ:
    push(specialReg(ir::SpecialReg::TidZ));
    break;
  case Prim::BidX:
    push(specialReg(ir::SpecialReg::BidX));
    break;
  case Prim::BidY:
    push(specialReg(ir::SpecialReg::BidY));
    break;
  case Prim::BidZ:
    push(specialReg(ir::SpecialReg::BidZ));
    break;
  case Prim::BdimX:
    push(specialReg(ir::SpecialReg::BdimX));
    break;
  case Prim::BdimY:
    push(specialReg(ir::SpecialReg::BdimY));
    break;
  case Prim::BdimZ:
    push(specialReg(ir::SpecialReg::BdimZ));
    break;
  case Prim::GdimX:
    push(specialReg(ir::SpecialReg::GdimX));
    break;
  case Prim::GdimY:
    push(specialReg(ir::SpecialReg::GdimY));
    break;
  case Prim::GdimZ:
    push(specialReg(ir::SpecialReg::GdimZ));
    break;
  case Prim::GlobalId: {
    ir::Value *blockBase = b.binary(Op::Mul, specialReg(ir::SpecialReg::BidX),
                                    specialReg(ir::SpecialReg::BdimX));
    push(b.binary(Op::Add, blockBase, specialReg(ir::SpecialReg::TidX)));
    break;
  }
  case Prim::Barrier:
    b.create(Op::Barrier, ir::Type::Void);
    break;

  case Prim::LaneId:
    push(specialReg(ir::SpecialReg::LaneId));
    break;
  case Prim::WarpId:
    push(b.binary(Op::LShr, specialReg(ir::SpecialReg::LinearTid),
                  b.constInt(5)));
    break;
  case Prim::WarpSize:
    push(b.constInt(32));
    break;
  case Prim::ShflXor:
    shuffle(item, ir::ShflMode::Xor, false);
    break;
  case Prim::ShflDown:
    shuffle(item, ir::ShflMode::Down, false);
    break;
  case Prim::ShflUp:
    shuffle(item, ir::ShflMode::Up, false);
    break;
  case Prim::ShflIdx:
    shuffle(item, ir::ShflMode::Idx, false);
    break;
  case Prim::FShflXor:
    shuffle(item, ir::ShflMode::Xor, true);
    break;
  case Prim::FShflDown:
    shuffle(item, ir::ShflMode::Down, true);
    break;
  case Prim::FShflUp:
    shuffle(item, ir::ShflMode::Up, true);
    break;
  case Prim::FShflIdx:
    shuffle(item, ir::ShflMode::Idx, true);
    break;

  case Prim::AtomicAdd:
    atomic(item, ir::AtomicOp::Add, global);
    break;
  case Prim::AtomicMin:
    atomic(item, ir::AtomicOp::Min, global);
    break;
  case Prim::AtomicMax:
    atomic(item, ir::AtomicOp::Max, global);
    break;
  case Prim::AtomicXchg:
    atomic(item, ir::AtomicOp::Xchg, global);
    break;
  case Prim::AtomicCas:
    atomic(item, ir::AtomicOp::Cas, global);
    break;
  case Prim::FAtomicAdd:
    atomic(item, ir::AtomicOp::FAdd, global);
    break;
  case Prim::SAtomicAdd:
    atomic(item, ir::AtomicOp::Add, shared);
    break;
  case Prim::SAtomicMin:
    atomic(item, ir::AtomicOp::Min, shared);
    break;
  case Prim::SAtomicMax:
    atomic(item, ir::AtomicOp::Max, shared);
    break;
  case Prim::SAtomicXchg:
    atomic(item, ir::AtomicOp::Xchg, shared);
    break;
  case Prim::SAtomicCas:
    atomic(item, ir::AtomicOp::Cas, shared);
    break;
  case Prim::SFAtomicAdd:
    atomic(item, ir::AtomicOp::FAdd, shared);
    break;

  case Prim::F2Fetch:
    loadVector(item, 2, global);
    break;
  case Prim::F4Fetch:
    loadVector(item, 4, global);
    break;
  case Prim::F2Store:
    storeVector(item, 2, global);
    break;
  case Prim::F4Store:
    storeVector(item, 4, global);
    break;
  case Prim::SF2Fetch:
    loadVector(item, 2, shared);
    break;
  case Prim::SF4Fetch:
    loadVector(item, 4, shared);
    break;
  case Prim::SF2Store:
    storeVector(item, 2, shared);
    break;
  case Prim::SF4Store:
    storeVector(item, 4, shared);
    break;

  case Prim::Add32:
    binaryInt(Op::Add32);
    break;
  case Prim::Sub32:
    binaryInt(Op::Sub32);
    break;
  case Prim::Mul32:
    binaryInt(Op::Mul32);
    break;
  }
}

void Resolver::shuffle(const Item &item, ir::ShflMode mode, bool isFloat) {
  if (!need(item, 2))
    return;
  ir::Value *lane = popInt();
  ir::Value *value = isFloat ? popFloat() : popInt();
  ir::Inst *inst = b.create(Op::Shfl, value->type, {value, lane});
  inst->imm = static_cast<int64_t>(mode);
  push(inst);
}

// cp.async.wait_group takes its count as an immediate.
void Resolver::cpAsyncWait(const Item &item) {
  if (!need(item, 1))
    return;
  std::optional<int64_t> n = ir::IRBuilder::constValue(popInt());
  if (!n || *n < 0 || *n > 255) {
    diags.error(item.loc,
                "'" + item.text +
                    "' needs a count from 0 to 255 known when compiling "
                    "(a literal, a constant or an UNROLL index)",
                static_cast<uint32_t>(item.text.size()));
    current = nullptr;
    return;
  }
  ir::Inst *inst = b.create(Op::CpAsyncWait, ir::Type::Void);
  inst->imm = *n;
}

void Resolver::requireSm(const Item &item, unsigned sm) {
  if (module.needs.minSm >= sm)
    return;
  // Point at the user's code: the outermost call of a stdlib word.
  SourceLoc loc = item.loc;
  auto length = static_cast<uint32_t>(item.text.size());
  std::string word = item.text;
  for (size_t i = 1; i < frames.size(); ++i)
    if (frames[i].def->fromPrelude) {
      loc = frames[i].callLoc;
      length = frames[i].callLength;
      word = frames[i].def->name;
      break;
    }
  module.needs = {sm, word, loc, length};
}

void Resolver::mma(const Item &item) {
  if (!need(item, 10))
    return;
  std::vector<ir::Value *> operands(10);
  for (size_t i = 10; i-- > 0;)
    operands[i] = popFloat();
  unsigned group = ++mmaGroups;
  for (unsigned lane = 0; lane < 4; ++lane) {
    ir::Inst *inst = b.create(Op::MmaLane, b.getFloatType(), operands);
    inst->group = group;
    inst->index = lane;
    push(inst);
  }
}

void Resolver::atomic(const Item &item, ir::AtomicOp op, ir::AddrSpace space) {
  size_t operands = op == ir::AtomicOp::Cas ? 3 : 2;
  if (!need(item, operands))
    return;
  ir::Value *addr = popInt();
  bool isFloat = op == ir::AtomicOp::FAdd;
  ir::Value *value = isFloat ? popFloat() : popInt();
  std::vector<ir::Value *> args = {value, addr};
  if (op == ir::AtomicOp::Cas)
    args.insert(args.begin(), popInt()); // expected, new, addr
  ir::Inst *inst =
      b.create(Op::Atomic, isFloat ? b.getFloatType() : ir::Type::I64, args);
  inst->imm = static_cast<int64_t>(op);
  inst->elem = isFloat ? floatElem() : ElemType::I64;
  inst->space = space;
  push(inst);
}

void Resolver::loadVector(const Item &item, unsigned lanes,
                          ir::AddrSpace space) {
  if (!need(item, 1))
    return;
  ir::Value *addr = popInt();
  unsigned group = ++vectorLoads;
  for (unsigned lane = 0; lane < lanes; ++lane) {
    ir::Inst *inst = b.create(Op::LoadLane, b.getFloatType(), {addr});
    inst->group = group;
    inst->index = lane;
    inst->imm = lanes;
    inst->elem = floatElem();
    inst->space = space;
    push(inst);
  }
}

void Resolver::storeVector(const Item &item, unsigned lanes,
                           ir::AddrSpace space) {
  if (!need(item, lanes + 1))
    return;
  ir::Value *addr = popInt();
  std::vector<ir::Value *> operands(lanes);
  for (unsigned lane = lanes; lane-- > 0;)
    operands[lane] = popFloat();
  operands.push_back(addr);
  ir::Inst *inst = b.create(Op::StoreVec, ir::Type::Void, operands);
  inst->elem = floatElem();
  inst->space = space;
}

} // namespace wf
