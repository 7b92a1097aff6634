//===- IRBuilder.cpp ------------------------------------------------------===//
#include "compiler/ir/IRBuilder.h"

namespace wf::ir {

Inst *IRBuilder::createIn(Block *target, Op op, Type type,
                          std::vector<Value *> operands) {
  auto inst = std::make_unique<Inst>(op, type);
  inst->operands = std::move(operands);
  inst->loc = loc;
  inst->parent = target;
  Inst *raw = inst.get();
  target->insts.push_back(std::move(inst));
  return raw;
}

Inst *IRBuilder::create(Op op, Type type, std::vector<Value *> operands) {
  return createIn(block, op, type, std::move(operands));
}

std::optional<int64_t> IRBuilder::constValue(const Value *v) {
  if (v->kind != Value::Kind::Inst)
    return std::nullopt;
  auto *inst = static_cast<const Inst *>(v);
  if (inst->op != Op::ConstInt)
    return std::nullopt;
  return inst->imm;
}

Value *IRBuilder::constInt(int64_t value) {
  Inst *inst = create(Op::ConstInt, Type::I64);
  inst->imm = value;
  return inst;
}

Value *IRBuilder::constFloat(double value) {
  Inst *inst = create(Op::ConstFloat, floatType);
  inst->fimm = value;
  return inst;
}

static std::optional<int64_t> fold(Op op, int64_t a, int64_t b) {
  uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
  switch (op) {
  case Op::Add:
    return static_cast<int64_t>(ua + ub);
  case Op::Sub:
    return static_cast<int64_t>(ua - ub);
  case Op::Mul:
    return static_cast<int64_t>(ua * ub);
  case Op::And:
    return a & b;
  case Op::Or:
    return a | b;
  case Op::Xor:
    return a ^ b;
  case Op::Shl:
    return ub >= 64 ? 0 : static_cast<int64_t>(ua << ub);
  case Op::LShr:
    return ub >= 64 ? 0 : static_cast<int64_t>(ua >> ub);
  case Op::AShr:
    return a >> (ub >= 64 ? 63 : ub);
  // The same defined results as the lowering gives at run time.
  case Op::SDiv:
    return b == 0 ? 0 : b == -1 ? static_cast<int64_t>(0 - ua) : a / b;
  case Op::SRem:
    return (b == 0 || b == -1) ? 0 : a % b;
  case Op::Add32:
    return static_cast<int32_t>(static_cast<uint32_t>(ua + ub));
  case Op::Sub32:
    return static_cast<int32_t>(static_cast<uint32_t>(ua - ub));
  case Op::Mul32:
    return static_cast<int32_t>(static_cast<uint32_t>(ua * ub));
  default:
    return std::nullopt;
  }
}

Value *IRBuilder::binary(Op op, Value *lhs, Value *rhs) {
  auto a = constValue(lhs), b = constValue(rhs);
  if (a && b)
    if (auto folded = fold(op, *a, *b))
      return constInt(*folded);
  bool isFloat = op == Op::FAdd || op == Op::FSub || op == Op::FMul ||
                 op == Op::FDiv || op == Op::FMax || op == Op::FMin ||
                 op == Op::FPow;
  return create(op, isFloat ? floatType : Type::I64, {lhs, rhs});
}

Value *IRBuilder::icmp(Pred pred, Value *lhs, Value *rhs) {
  auto a = constValue(lhs), c = constValue(rhs);
  if (a && c) {
    uint64_t ua = static_cast<uint64_t>(*a), uc = static_cast<uint64_t>(*c);
    bool r = false;
    switch (pred) {
    case Pred::EQ:
      r = *a == *c;
      break;
    case Pred::NE:
      r = *a != *c;
      break;
    case Pred::LT:
      r = *a < *c;
      break;
    case Pred::GT:
      r = *a > *c;
      break;
    case Pred::LE:
      r = *a <= *c;
      break;
    case Pred::GE:
      r = *a >= *c;
      break;
    case Pred::ULT:
      r = ua < uc;
      break;
    case Pred::UGT:
      r = ua > uc;
      break;
    }
    return constInt(r ? -1 : 0);
  }
  Inst *inst = create(Op::ICmp, Type::I64, {lhs, rhs});
  inst->pred = pred;
  return inst;
}

Value *IRBuilder::fcmp(Pred pred, Value *lhs, Value *rhs) {
  Inst *inst = create(Op::FCmp, Type::I64, {lhs, rhs});
  inst->pred = pred;
  return inst;
}

Value *IRBuilder::select(Value *flag, Value *ifTrue, Value *ifFalse) {
  if (auto c = constValue(flag))
    return *c ? ifTrue : ifFalse;
  return create(Op::Select, ifTrue->type, {flag, ifTrue, ifFalse});
}

Value *IRBuilder::reinterpret(Block *target, Value *v, Type type) {
  if (v->type == type)
    return v;
  if (type == Type::I64)
    return createIn(target, Op::FloatToBits, Type::I64, {v});
  return createIn(target, Op::BitsToFloat, type, {v});
}

Value *IRBuilder::asInt(Block *target, Value *v) {
  return reinterpret(target, v, Type::I64);
}

Value *IRBuilder::asFloat(Block *target, Value *v) {
  return reinterpret(target, v, floatType);
}

Value *IRBuilder::asInt(Value *v) { return asInt(block, v); }
Value *IRBuilder::asFloat(Value *v) { return asFloat(block, v); }

} // namespace wf::ir
