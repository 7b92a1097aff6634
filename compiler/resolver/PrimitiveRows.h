//===- PrimitiveRows.h - The names the Detail column of Primitives.def uses
//===//
//
// Included only where the table's lowering column is expanded (the
// resolver), so rows can say `mem(I32, shared)` instead of spelling out
// every enum.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_RESOLVER_PRIMITIVEROWS_H
#define WARPFORTH_COMPILER_RESOLVER_PRIMITIVEROWS_H

#include "compiler/ir/IR.h"

namespace wf::rows {

/// A load or store: the element type in memory, or the kernel's float type.
struct MemWord {
  ElemType elem;
  bool floatMode;
  ir::AddrSpace space;
};
/// A vector load or store of `lanes` floats.
struct VecWord {
  unsigned lanes;
  ir::AddrSpace space;
};
/// ldmatrix / stmatrix of `count` 8x8 matrices.
struct MatrixWord {
  bool store;
  unsigned count;
  bool trans;
};
struct AtomWord {
  ir::AtomicOp op;
  ir::AddrSpace space;
  bool i32; // a 32-bit integer in memory (else a cell or a float)
};

constexpr ir::AddrSpace global = ir::AddrSpace::Global;
constexpr ir::AddrSpace shared = ir::AddrSpace::Shared;
constexpr ElemType I8 = ElemType::I8, I16 = ElemType::I16, I32 = ElemType::I32,
                   I64 = ElemType::I64, F16 = ElemType::F16,
                   BF16 = ElemType::BF16, F32 = ElemType::F32;

constexpr MemWord mem(ElemType elem, ir::AddrSpace space) {
  return {elem, false, space};
}
constexpr MemWord floats(ir::AddrSpace space) {
  return {ElemType::F64, true, space};
}
constexpr VecWord vec(unsigned lanes, ir::AddrSpace space) {
  return {lanes, space};
}
constexpr MatrixWord ldm(unsigned count, bool trans) {
  return {false, count, trans};
}
constexpr MatrixWord stm(unsigned count, bool trans) {
  return {true, count, trans};
}
using ir::AsyncKind;
using ir::MmaKind;
constexpr AtomWord atom(ir::AtomicOp op, ir::AddrSpace space) {
  return {op, space, false};
}
/// An atomic on an i32 in memory: the value is truncated to 32 bits and
/// the old value sign-extended (shared i32 adds are one native ATOMS.ADD,
/// where 64-bit ones are a compare-and-swap loop).
constexpr AtomWord atom32(ir::AtomicOp op, ir::AddrSpace space) {
  return {op, space, true};
}

} // namespace wf::rows

#endif
