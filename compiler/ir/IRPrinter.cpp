//===- IRPrinter.cpp - Text form of the IR for --emit ir ------------------===//
#include "compiler/ir/IR.h"

#include <sstream>

namespace wf::ir {

namespace {

const char *predName(Pred pred) {
  static const char *const names[] = {"eq", "ne", "lt",  "gt",
                                      "le", "ge", "ult", "ugt"};
  return names[static_cast<unsigned>(pred)];
}

std::string ref(const Value *v) { return "%" + std::to_string(v->id); }

std::string argList(const std::vector<Value *> &args) {
  std::string out = "(";
  for (size_t i = 0; i < args.size(); ++i)
    out += (i ? ", " : "") + ref(args[i]);
  return out + ")";
}

void printInst(std::ostringstream &os, const Module &module, const Inst &inst) {
  os << "  ";
  if (inst.type != Type::Void)
    os << ref(&inst) << " = ";
  os << opName(inst.op);
  switch (inst.op) {
  case Op::ConstInt:
    os << " " << inst.imm;
    break;
  case Op::ConstFloat: {
    std::ostringstream f;
    f.precision(17);
    f << inst.fimm;
    os << " " << f.str();
    break;
  }
  case Op::ParamValue:
  case Op::ParamAddr:
  case Op::TensorMapAddr:
    os << " " << module.header.params[inst.index].name;
    break;
  case Op::SharedAddr:
    os << " " << module.header.shared[inst.index].name;
    break;
  case Op::RegIndexCheck:
    os << " " << module.header.regs[inst.index].name << (inst.imm ? "!" : "@");
    break;
  case Op::SpecialReg:
    os << " " << specialRegName(static_cast<SpecialReg>(inst.index));
    break;
  case Op::ICmp:
  case Op::FCmp:
    os << "." << predName(inst.pred);
    break;
  case Op::Load:
  case Op::Store:
  case Op::StoreVec:
    os << "." << (inst.space == AddrSpace::Shared ? "shared" : "global") << "."
       << elemTypeName(inst.elem);
    break;
  case Op::LoadLane:
    os << "." << (inst.space == AddrSpace::Shared ? "shared" : "global") << "."
       << elemTypeName(inst.elem) << " " << inst.index << "/" << inst.imm;
    break;
  case Op::MmaLane: {
    static const char *const kinds[] = {"tf32", "bf16", "f16", "f16.f16"};
    os << "." << kinds[inst.imm] << " d" << inst.index;
    break;
  }
  case Op::MatrixLoad:
  case Op::MatrixStore:
    os << ".x" << (inst.imm & 7) << ((inst.imm & 8) ? ".trans" : "");
    if (inst.op == Op::MatrixLoad)
      os << " r" << inst.index;
    break;
  case Op::CpAsyncWait:
  case Op::SetMaxNReg:
    os << " " << inst.imm;
    break;
  case Op::Wgmma:
    os << ".m64n" << (inst.imm >> 8) << "k16."
       << (inst.imm & 1 ? "f16" : "bf16") << ((inst.imm & 2) ? ".tnsp-a" : "")
       << ((inst.imm & 4) ? ".tnsp-b" : "") << " d" << inst.index;
    break;
  case Op::WgmmaSync: {
    static const char *const kinds[] = {"fence", "commit", "wait"};
    os << "." << kinds[inst.imm & 0xff];
    if ((inst.imm & 0xff) == int64_t(ir::WgmmaSyncKind::Wait))
      os << " " << (inst.imm >> 8);
    if (inst.type != Type::Void)
      os << " r" << inst.index;
    break;
  }
  case Op::Async:
    os << " " << primitiveName(static_cast<Prim>(inst.imm));
    break;
  case Op::TargetWord:
    os << " " << primitiveName(static_cast<Prim>(inst.imm)) << " r"
       << inst.index;
    break;
  case Op::Shfl: {
    static const char *const modes[] = {"xor", "down", "up", "idx"};
    os << "." << modes[inst.imm];
    break;
  }
  case Op::Atomic: {
    static const char *const ops[] = {"add",  "min", "max",
                                      "xchg", "cas", "fadd"};
    os << "." << ops[inst.imm] << "."
       << (inst.space == AddrSpace::Shared ? "shared" : "global") << "."
       << elemTypeName(inst.elem);
    break;
  }
  default:
    break;
  }
  for (size_t i = 0; i < inst.operands.size(); ++i)
    os << (i ? ", " : " ") << ref(inst.operands[i]);
  if (inst.type != Type::Void)
    os << " : " << typeName(inst.type);
  os << "\n";
}

} // namespace

std::string printModule(const Module &module) {
  // Number values in block order so the text is stable and readable.
  unsigned next = 0;
  for (const auto &block : module.body.blocks) {
    for (const auto &param : block->params)
      param->id = next++;
    for (const auto &inst : block->insts)
      if (inst->type != Type::Void)
        inst->id = next++;
  }

  std::ostringstream os;
  const KernelHeader &h = module.header;
  os << "kernel @" << h.name << "(";
  for (size_t i = 0; i < h.params.size(); ++i) {
    const ParamDecl &p = h.params[i];
    os << (i ? ", " : "") << p.name << ": " << elemTypeName(p.type);
    if (p.isArray)
      os << "[" << p.size << "]";
  }
  os << ") float " << floatModeName(h.floatMode) << (h.pdl ? " pdl" : "")
     << "\n";
  for (const SharedDecl &s : h.shared)
    os << "shared @" << s.name << ": " << elemTypeName(s.type) << "[" << s.count
       << "]\n";
  for (const auto &block : module.body.blocks) {
    os << "bb" << block->id;
    if (!block->params.empty()) {
      os << "(";
      for (size_t i = 0; i < block->params.size(); ++i)
        os << (i ? ", " : "") << ref(block->params[i].get()) << ": "
           << typeName(block->params[i]->type);
      os << ")";
    }
    os << ":";
    // A loop header: the host polls it for timeouts unless it is bounded.
    if (block->loopLoc.valid())
      os << "  ; loop '" << block->loopWord << "'"
         << (block->loopBounded ? ", bounded (no poll)" : ", polled");
    os << "\n";
    for (const auto &inst : block->insts)
      printInst(os, module, *inst);
    const Terminator &t = block->term;
    switch (t.kind) {
    case Terminator::Kind::None:
      os << "  <no terminator>\n";
      break;
    case Terminator::Kind::Ret:
      os << "  ret\n";
      break;
    case Terminator::Kind::Br:
      os << "  br bb" << t.targets[0]->id << argList(t.args[0]) << "\n";
      break;
    case Terminator::Kind::CondBr:
      os << "  condbr " << ref(t.cond) << ", bb" << t.targets[0]->id
         << argList(t.args[0]) << ", bb" << t.targets[1]->id
         << argList(t.args[1]) << "\n";
      break;
    }
  }
  return os.str();
}

} // namespace wf::ir
