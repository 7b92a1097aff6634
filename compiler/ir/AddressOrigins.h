//===- AddressOrigins.h - Which arrays an integer may be an address in ----===//
//
// Addresses are plain integers, so nothing stops a program from handing a
// shared array's address to '@' (global memory) or an array param's to
// 'S@'. The first gives PTX that ptxas rejects once LLVM folds the address
// into the shared symbol, the second reads the wrong memory. This analysis
// finds, for every integer value, the shared arrays and array params it may
// be derived from: through arithmetic, selects and block parameters (loops
// included, to a fixed point), and through memory for shared addresses (a
// stored address may come back from a load, and LLVM forwards such stores).
// It over-approximates: what it does not report cannot come from there.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_IR_ADDRESSORIGINS_H
#define WARPFORTH_COMPILER_IR_ADDRESSORIGINS_H

#include "compiler/ir/IR.h"

#include <unordered_map>

namespace wf::ir {

/// The arrays one value may be an address in.
struct AddressOrigin {
  static constexpr int None = -1, Several = -2;
  int shared = None; // a SharedAddr index, None, or Several
  int param = None;  // a ParamAddr index, None, or Several
  /// A shared origin reached this value through memory (a load of a cell
  /// some store may have written a shared address to).
  bool viaMemory = false;

  bool mayBeShared() const { return shared != None; }
  bool mayBeGlobal() const { return param != None; }
  bool empty() const { return !mayBeShared() && !mayBeGlobal(); }
  bool operator==(const AddressOrigin &o) const {
    return shared == o.shared && param == o.param && viaMemory == o.viaMemory;
  }
  /// Adds `o`'s origins to these.
  void join(const AddressOrigin &o);
};

class AddressOrigins {
public:
  explicit AddressOrigins(const Function &function);
  AddressOrigin of(const Value *v) const;

private:
  AddressOrigin compute(const Inst &inst) const;
  std::unordered_map<const Value *, AddressOrigin> origins;
  AddressOrigin memory; // what loads may return
};

} // namespace wf::ir

#endif
