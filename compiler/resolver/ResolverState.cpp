//===- ResolverState.cpp --------------------------------------------------===//
#include "compiler/resolver/ResolverState.h"

namespace wf {

std::vector<ir::Value *> MachineState::flatten() const {
  std::vector<ir::Value *> out(data.begin(), data.end());
  out.insert(out.end(), ret.begin(), ret.end());
  for (const LoopCounter &loop : loops) {
    out.push_back(loop.index);
    out.push_back(loop.limit);
  }
  out.insert(out.end(), locals.begin(), locals.end());
  out.insert(out.end(), regs.begin(), regs.end());
  return out;
}

MachineState MachineState::unflatten(const MachineState &shape,
                                     const std::vector<ir::Value *> &values) {
  MachineState s;
  size_t i = 0;
  for (size_t k = 0; k < shape.data.size(); ++k)
    s.data.push_back(values[i++]);
  for (size_t k = 0; k < shape.ret.size(); ++k)
    s.ret.push_back(values[i++]);
  for (size_t k = 0; k < shape.loops.size(); ++k) {
    LoopCounter loop;
    loop.index = values[i++];
    loop.limit = values[i++];
    s.loops.push_back(loop);
  }
  for (size_t k = 0; k < shape.locals.size(); ++k)
    s.locals.push_back(values[i++]);
  for (size_t k = 0; k < shape.regs.size(); ++k)
    s.regs.push_back(values[i++]);
  return s;
}

} // namespace wf
