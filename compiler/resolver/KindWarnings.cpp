//===- KindWarnings.cpp - Integers where a float word wants a float -------===//
//
// A cell is an integer or a float, and a float word given an integer reads
// its bits as a float (the public WarpForth's cells are untyped), so
// `1.0 2 F*` multiplies by a denormal, not by 2. Deliberate bit patterns
// exist (masks, hex constants, values loaded with @, shuffled or merged
// from paths of both kinds): only what is plainly a number is warned about,
// a small integer constant or the result of integer arithmetic, a thread
// index or an integer param.
//
//===----------------------------------------------------------------------===//
#include "compiler/resolver/PrimitiveRows.h"
#include "compiler/resolver/Resolver.h"

#include <cstdlib>

namespace wf {

namespace {

/// Integer results that are numbers, never a float's bits.
bool isArithmetic(ir::Op op) {
  switch (op) {
  case ir::Op::Add:
  case ir::Op::Sub:
  case ir::Op::Mul:
  case ir::Op::SDiv:
  case ir::Op::SRem:
  case ir::Op::Add32:
  case ir::Op::Sub32:
  case ir::Op::Mul32:
  case ir::Op::SpecialReg:
  case ir::Op::ParamValue:
  case ir::Op::FPToSI:
    return true;
  default:
    return false;
  }
}

} // namespace

void Resolver::warnIfIntegerAsFloat(ir::Value *v) {
  if (!applying || v->type != ir::Type::I64 || v->kind != ir::Value::Kind::Inst)
    return;
  const auto *inst = static_cast<const ir::Inst *>(v);
  const std::string word = applying->text;
  if (inst->op == ir::Op::ConstInt) {
    // 0 is 0.0 either way; a float whose bits are a constant beyond 2^24
    // (0x3F800000, an infinity's pattern) was written as bits on purpose.
    if (inst->imm == 0 || std::llabs(inst->imm) > (int64_t(1) << 24))
      return;
    std::string n = std::to_string(inst->imm);
    diags.warning(applying->loc,
                  "'" + word + "' takes a float, but is given the integer " +
                      n + ", whose bits it reads as a float (not " + n +
                      ".0): " + n + ".0 was probably meant",
                  static_cast<uint32_t>(word.size()));
    return;
  }
  if (isArithmetic(inst->op))
    diags.warning(applying->loc,
                  "'" + word +
                      "' takes a float, but is given an integer value, whose "
                      "bits it reads as a float: convert it with S>F first",
                  static_cast<uint32_t>(word.size()));
}

} // namespace wf
