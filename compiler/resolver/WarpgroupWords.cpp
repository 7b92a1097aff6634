//===- WarpgroupWords.cpp - Hopper's warpgroup MMA words ------------------===//
//
// wgmma.mma_async and its fence/commit/wait, the shared-memory matrix
// descriptor, and setmaxnreg (Primitives.def rows WGMMA-*, SETMAXNREG-*).
// The accumulators live in a register array named after the word; every
// such array is passed through WGMMA-FENCE and WGMMA-WAIT so that the
// registers the tensor cores are still writing are neither read nor
// written across them (what CUTLASS's warpgroup_fence_operand does).
//
//===----------------------------------------------------------------------===//
#include "common/Swizzle.h"
#include "compiler/resolver/Resolver.h"

namespace wf {

using ir::Op;

namespace {

/// The descriptor's swizzle field: 1 for 128 bytes, 2 for 64, 3 for 32.
int64_t swizzleMode(int64_t bytes) {
  return bytes == 128 ? 1 : bytes == 64 ? 2 : bytes == 32 ? 3 : 0;
}

} // namespace

std::optional<int64_t> Resolver::constOperand(const Item &item,
                                              const char *what, int64_t lo,
                                              int64_t hi) {
  std::optional<int64_t> v = ir::IRBuilder::constValue(popInt());
  if (v && *v >= lo && *v <= hi)
    return v;
  diags.error(item.loc,
              "'" + item.text + "' needs " + what + " known when compiling " +
                  "(a literal, a constant or an UNROLL index)",
              static_cast<uint32_t>(item.text.size()));
  current = nullptr;
  return std::nullopt;
}

// ( saddr lbo sbo swizzle -- desc ): PTX's matrix descriptor, bits 0-13 the
// shared offset, 16-29 the leading and 32-45 the stride byte offset (each
// in 16-byte units), 62-63 the swizzle mode; base offset 0 (swizzled
// buffers start on their pattern's boundary).
void Resolver::wgmmaDesc(const Item &item) {
  std::optional<int64_t> swizzle =
      constOperand(item, "a swizzle of 0, 32, 64 or 128 bytes", 0, 128);
  if (!swizzle)
    return;
  if (!validSwizzleBytes(*swizzle)) {
    diags.error(item.loc,
                "'" + item.text +
                    "' needs a swizzle of 0, 32, 64 or 128 "
                    "bytes, not " +
                    std::to_string(*swizzle),
                static_cast<uint32_t>(item.text.size()));
    current = nullptr;
    return;
  }
  ir::Value *sbo = popInt();
  ir::Value *lbo = popInt();
  ir::Value *addr = popInt();
  ir::Inst *offset = b.create(Op::SharedWindowOffset, ir::Type::I64, {addr});
  useAddress(item, offset, 0, ir::AddrSpace::Shared);
  auto field = [&](ir::Value *v, int shift) {
    ir::Value *units = b.binary(
        Op::LShr, b.binary(Op::And, v, b.constInt(0x3FFFF)), b.constInt(4));
    return b.binary(Op::Shl, units, b.constInt(shift));
  };
  ir::Value *desc = b.binary(Op::Or, field(offset, 0), field(lbo, 16));
  desc = b.binary(Op::Or, desc, field(sbo, 32));
  desc = b.binary(Op::Or, desc, b.constInt(swizzleMode(*swizzle) << 62));
  push(desc);
}

// The accumulator registers of every array that a WGMMA word names, in
// header order.
std::vector<std::pair<size_t, size_t>> Resolver::accumulatorSlots() const {
  std::vector<std::pair<size_t, size_t>> slots; // state.regs base, count
  for (size_t i = 0; i < program.header.regs.size(); ++i)
    if (program.header.regs[i].accumulator)
      slots.push_back(
          {regOffsets[i], static_cast<size_t>(program.header.regs[i].count)});
  return slots;
}

// One instruction per register, sharing a group, for each way the registers
// pass through a warpgroup word; `operands` come first.
void Resolver::throughAccumulators(
    Op op, int64_t imm, std::vector<ir::Value *> operands,
    const std::vector<std::pair<size_t, size_t>> &slots) {
  size_t fixed = operands.size();
  for (auto [base, count] : slots)
    for (size_t k = 0; k < count; ++k)
      operands.push_back(b.asFloat(state.regs[base + k]));
  if (operands.size() == fixed) {
    ir::Inst *inst = b.create(op, ir::Type::Void, operands);
    inst->imm = imm;
    return;
  }
  unsigned group = ++mmaGroups;
  unsigned index = 0;
  for (auto [base, count] : slots)
    for (size_t k = 0; k < count; ++k) {
      ir::Inst *inst = b.create(op, b.getFloatType(), operands);
      inst->imm = imm;
      inst->group = group;
      inst->index = index++;
      state.regs[base + k] = inst;
    }
}

// ( desc-a desc-b scale-d tnsp-a tnsp-b -- ) or, with A from registers
// (-RS: this warp's 16 rows in the mma.sync A layout), ( a0 a1 a2 a3
// desc-b scale-d tnsp-b -- ); then the accumulator array (item.index).
// scale-d 0: D = A*B, else D = A*B + D.
void Resolver::wgmma(const Item &item) {
  bool registerA =
      item.prim == Prim::WgmmaBF16RS || item.prim == Prim::WgmmaF16RS;
  bool f16 = item.prim == Prim::WgmmaF16 || item.prim == Prim::WgmmaF16RS;
  std::optional<int64_t> tnspB =
      constOperand(item, "a transpose flag for B (0 or 1)", 0, 1);
  if (!tnspB)
    return;
  std::optional<int64_t> tnspA = 0;
  if (!registerA &&
      !(tnspA = constOperand(item, "a transpose flag for A (0 or 1)", 0, 1)))
    return;
  // desc-a desc-b scale-d, or a0 a1 a2 a3 desc-b scale-d.
  std::vector<ir::Value *> fixed(registerA ? 6 : 3);
  for (size_t i = fixed.size(); i-- > 0;)
    fixed[i] = popInt();
  const RegDecl &acc = program.header.regs[item.index];
  auto n = static_cast<unsigned>(acc.count * 2);
  int64_t imm = ir::wgmmaImm(f16, *tnspA != 0, *tnspB != 0, n, registerA);
  throughAccumulators(Op::Wgmma, imm, std::move(fixed),
                      {{regOffsets[item.index], size_t(acc.count)}});
}

void Resolver::wgmmaFence(const Item &) {
  throughAccumulators(Op::WgmmaSync, int64_t(ir::WgmmaSyncKind::Fence), {},
                      accumulatorSlots());
}

void Resolver::wgmmaCommit(const Item &) {
  ir::Inst *inst = b.create(Op::WgmmaSync, ir::Type::Void);
  inst->imm = int64_t(ir::WgmmaSyncKind::Commit);
}

void Resolver::wgmmaWait(const Item &item) {
  std::optional<int64_t> n =
      constOperand(item, "a count of pending groups from 0 to 7", 0, 7);
  if (!n)
    return;
  throughAccumulators(Op::WgmmaSync, int64_t(ir::WgmmaSyncKind::Wait) | *n << 8,
                      {}, accumulatorSlots());
}

// ( n -- ): the register count a warp asks for, 24 to 256 in steps of 8.
void Resolver::setMaxNReg(const Item &item) {
  std::optional<int64_t> n =
      constOperand(item, "a register count from 24 to 256", 24, 256);
  if (!n)
    return;
  if (*n % 8) {
    diags.error(item.loc,
                "'" + item.text + "' needs a multiple of 8 registers, not " +
                    std::to_string(*n),
                static_cast<uint32_t>(item.text.size()));
    current = nullptr;
    return;
  }
  ir::Inst *inst = b.create(Op::SetMaxNReg, ir::Type::Void);
  inst->imm = item.prim == Prim::SetMaxNRegDec ? -*n : *n;
}

} // namespace wf
