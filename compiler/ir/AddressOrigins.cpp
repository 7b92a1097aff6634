//===- AddressOrigins.cpp -------------------------------------------------===//
#include "compiler/ir/AddressOrigins.h"

namespace wf::ir {

static int joinIndex(int a, int b) {
  if (a == AddressOrigin::None)
    return b;
  if (b == AddressOrigin::None || a == b)
    return a;
  return AddressOrigin::Several;
}

void AddressOrigin::join(const AddressOrigin &o) {
  shared = joinIndex(shared, o.shared);
  param = joinIndex(param, o.param);
  viaMemory = viaMemory || o.viaMemory;
}

AddressOrigin AddressOrigins::of(const Value *v) const {
  auto it = origins.find(v);
  return it == origins.end() ? AddressOrigin{} : it->second;
}

AddressOrigin AddressOrigins::compute(const Inst &inst) const {
  AddressOrigin r;
  auto all = [&](size_t from) {
    for (size_t i = from; i < inst.operands.size(); ++i)
      r.join(of(inst.operands[i]));
  };
  switch (inst.op) {
  case Op::SharedAddr:
    r.shared = static_cast<int>(inst.index);
    break;
  case Op::ParamAddr:
    r.param = static_cast<int>(inst.index);
    break;
  case Op::Sub: {
    // The distance between two addresses in one array is a plain number.
    AddressOrigin a = of(inst.operands[0]), b = of(inst.operands[1]);
    bool single = a.shared != AddressOrigin::Several &&
                  a.param != AddressOrigin::Several && !a.viaMemory;
    if (single && !a.empty() && a == b)
      break;
    all(0);
    break;
  }
  case Op::Select:
    all(1); // not the flag
    break;
  case Op::ICmp:
  case Op::FCmp:
  case Op::MmaLane:
  case Op::Wgmma:
  case Op::WgmmaSync:
  case Op::SharedWindowOffset:
  case Op::Async:
  case Op::TensorMapAddr:
    break; // flags, products, window offsets and tensor maps are no addresses
  case Op::Load:
  case Op::LoadLane:
  case Op::MatrixLoad:
  case Op::Atomic:
    r = memory;
    break;
  case Op::Store:
  case Op::StoreVec:
  case Op::MatrixStore:
  case Op::Barrier:
  case Op::WarpSync:
  case Op::CpAsync:
  case Op::CpAsyncCommit:
  case Op::CpAsyncWait:
  case Op::SetMaxNReg:
  case Op::RegIndexCheck:
    break; // no value
  default:
    // Any other arithmetic may keep the address (x 0 OR, x 1 LSHIFT 1
    // RSHIFT, bits through a float slot, a shuffle from another lane).
    all(0);
    break;
  }
  return r;
}

AddressOrigins::AddressOrigins(const Function &function) {
  // Block parameters and memory only grow, over a finite lattice: iterate
  // until nothing changes.
  for (bool changed = true; changed;) {
    changed = false;
    auto update = [&](const Value *v, const AddressOrigin &o) {
      AddressOrigin &slot = origins[v];
      AddressOrigin joined = slot;
      joined.join(o);
      if (!(joined == slot)) {
        slot = joined;
        changed = true;
      }
    };
    for (const auto &block : function.blocks) {
      for (const auto &inst : block->insts) {
        update(inst.get(), compute(*inst));
        // A shared address written to memory may be read back.
        size_t values = 0;
        if (inst->op == Op::Store || inst->op == Op::StoreVec ||
            inst->op == Op::MatrixStore || inst->op == Op::Atomic)
          values = inst->operands.size() - 1;
        for (size_t i = 0; i < values; ++i) {
          AddressOrigin stored = of(inst->operands[i]);
          if (!stored.mayBeShared())
            continue;
          AddressOrigin m = memory;
          m.shared = joinIndex(m.shared, stored.shared);
          m.viaMemory = true;
          if (!(m == memory)) {
            memory = m;
            changed = true;
          }
        }
      }
      const Terminator &t = block->term;
      for (unsigned k = 0; k < 2; ++k) {
        const Block *target = t.targets[k];
        if (!target || t.args[k].size() != target->params.size())
          continue;
        for (size_t i = 0; i < t.args[k].size(); ++i)
          update(target->params[i].get(), of(t.args[k][i]));
      }
    }
  }
}

} // namespace wf::ir
