//===- IRBuilder.h - Appends instructions to a block ----------------------===//
//
// Folds integer arithmetic on constants as it goes, so `2 1 + PICK` has a
// constant index and a constant-bound loop has constant bounds in the IR.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_IR_IRBUILDER_H
#define WARPFORTH_COMPILER_IR_IRBUILDER_H

#include "compiler/ir/IR.h"

#include <optional>

namespace wf::ir {

class IRBuilder {
public:
  IRBuilder(Function &fn, FloatMode floatMode)
      : fn(fn), floatType(floatMode == FloatMode::F32 ? Type::F32 : Type::F64) {}

  void setBlock(Block *block) { this->block = block; }
  Block *getBlock() const { return block; }
  void setLoc(SourceLoc loc) { this->loc = loc; }
  Type getFloatType() const { return floatType; }

  Inst *create(Op op, Type type, std::vector<Value *> operands = {});
  /// Creates in `target` instead of the current block (merge conversions
  /// go at the end of a predecessor).
  Inst *createIn(Block *target, Op op, Type type,
                 std::vector<Value *> operands);

  Value *constInt(int64_t value);
  Value *constFloat(double value);
  Value *binary(Op op, Value *lhs, Value *rhs);
  Value *icmp(Pred pred, Value *lhs, Value *rhs);
  Value *fcmp(Pred pred, Value *lhs, Value *rhs);
  Value *select(Value *flag, Value *ifTrue, Value *ifFalse);

  /// The integer view of a slot (a float's bits) and the float view.
  Value *asInt(Value *v);
  Value *asFloat(Value *v);
  Value *asInt(Block *target, Value *v);
  Value *asFloat(Block *target, Value *v);
  /// Converts `v` to `type` by reinterpretation, in `target`.
  Value *reinterpret(Block *target, Value *v, Type type);

  static std::optional<int64_t> constValue(const Value *v);

private:
  Function &fn;
  Type floatType;
  Block *block = nullptr;
  SourceLoc loc;
};

} // namespace wf::ir

#endif
