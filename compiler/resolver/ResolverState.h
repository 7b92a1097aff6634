//===- ResolverState.h - The compile-time machine state -------------------===//
//
// Everything a Forth program can change at run time, as IR values: the data
// stack, the return stack (>R), the DO loop counters and the locals of every
// word being inlined. A block's parameters are exactly this state.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_RESOLVER_RESOLVERSTATE_H
#define WARPFORTH_COMPILER_RESOLVER_RESOLVERSTATE_H

#include "compiler/ir/IR.h"

#include <string>
#include <vector>

namespace wf {

struct LoopCounter {
  ir::Value *index;
  ir::Value *limit;
};

struct MachineState {
  std::vector<ir::Value *> data;
  std::vector<ir::Value *> ret;
  std::vector<LoopCounter> loops;
  std::vector<ir::Value *> locals;
  std::vector<ir::Value *> regs; // every register array, element by element

  /// All values in block-parameter order.
  std::vector<ir::Value *> flatten() const;
  /// Rebuilds a state of the same shape as `shape` from `values`.
  static MachineState unflatten(const MachineState &shape,
                                const std::vector<ir::Value *> &values);
  bool sameShape(const MachineState &other) const {
    return data.size() == other.data.size() &&
           ret.size() == other.ret.size() &&
           loops.size() == other.loops.size() &&
           locals.size() == other.locals.size() &&
           regs.size() == other.regs.size();
  }
};

/// A branch whose target is not known yet, with the state it carries.
struct PendingEdge {
  ir::Block *from;
  unsigned successor; // which target of from's terminator
  MachineState state;
  SourceLoc loc;
  std::string what; // e.g. "the ELSE branch", for depth mismatch messages
};

} // namespace wf

#endif
