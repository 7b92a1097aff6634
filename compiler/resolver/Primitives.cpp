//===- Primitives.cpp - How each primitive word becomes IR ----------------===//
//
// The rows of compiler/words/Primitives.def say which family each word is
// in and with what detail; applyPrimitive expands them into one switch, and
// each family's lowering is one function below. Words that move cells
// around or need more than one instruction have a hand-written handler.
//
//===----------------------------------------------------------------------===//
#include "compiler/ir/AddressOrigins.h"
#include "compiler/resolver/PrimitiveRows.h"
#include "compiler/resolver/Resolver.h"

#include <cstring>

namespace wf {

using ir::AtomicOp;
using ir::Op;
using ir::Pred;
using ir::ShflMode;
using ir::SpecialReg;

void Resolver::applyPrimitive(const Item &item) {
  using namespace rows;
  const PrimitiveInfo &info = primitiveInfo(item.prim);
  if (info.minSm)
    requireSm(item, info.minSm);
  if (info.in[0] != '*' && !need(item, std::strlen(info.in)))
    return;
  applying = &item;
  switch (item.prim) {
#define PRIMITIVE(Enum, Name, Effect, In, Out, Family, Detail, Sm)             \
  case Prim::Enum:                                                             \
    lower##Family(item, info, Detail);                                         \
    return;
#include "compiler/words/Primitives.def"
  }
}

// --- Operands and results as the row's kinds say -------------------------

std::vector<ir::Value *> Resolver::popOperands(const char *kinds) {
  size_t n = std::strlen(kinds);
  std::vector<ir::Value *> operands(n);
  // Top first, as a hand-written word would: the conversions a pop makes
  // come out in the same order.
  for (size_t i = n; i-- > 0;) {
    if (kinds[i] == 'f')
      warnIfIntegerAsFloat(state.data.back());
    operands[i] = kinds[i] == 'f' ? popFloat() : popInt();
  }
  return operands;
}

ir::Type Resolver::cellType(char kind) const {
  return kind == 'f' ? b.getFloatType() : ir::Type::I64;
}

ElemType Resolver::floatElem() const {
  return program.header.floatMode == FloatMode::F32 ? ElemType::F32
                                                    : ElemType::F64;
}

// --- Families ---------------------------------------------------------------

void Resolver::lowerOp(const Item &item, const PrimitiveInfo &info, Op op) {
  std::vector<ir::Value *> in = popOperands(info.in);
  size_t results = std::strlen(info.out);
  // Binary integer ops fold on constants: bounds and PICK indices stay
  // constant.
  if (in.size() == 2 && results == 1 && info.in[0] == info.in[1]) {
    push(b.binary(op, in[0], in[1]));
    return;
  }
  ir::Inst *inst = b.create(
      op, results ? cellType(info.out[0]) : ir::Type::Void, std::move(in));
  if (op == Op::CpAsync) {
    useAddress(item, inst, 0, ir::AddrSpace::Global);
    useAddress(item, inst, 1, ir::AddrSpace::Shared);
  }
  if (results)
    push(inst);
}

void Resolver::lowerCmp(const Item &, const PrimitiveInfo &info, Pred pred) {
  std::vector<ir::Value *> in = popOperands(info.in);
  if (in.size() == 1) // 0=
    in.push_back(b.constInt(0));
  push(info.in[0] == 'f' ? b.fcmp(pred, in[0], in[1])
                         : b.icmp(pred, in[0], in[1]));
}

void Resolver::lowerLoad(const Item &item, const PrimitiveInfo &info,
                         rows::MemWord word) {
  ir::Value *addr = popOperands(info.in)[0];
  ElemType elem = word.floatMode ? floatElem() : word.elem;
  ir::Inst *inst = b.create(Op::Load, cellType(info.out[0]), {addr});
  inst->elem = elem;
  inst->space = word.space;
  useAddress(item, inst, 0, word.space);
  push(inst);
}

void Resolver::lowerStore(const Item &item, const PrimitiveInfo &info,
                          rows::MemWord word) {
  ir::Inst *inst = b.create(Op::Store, ir::Type::Void, popOperands(info.in));
  inst->elem = word.floatMode ? floatElem() : word.elem;
  inst->space = word.space;
  useAddress(item, inst, 1, word.space);
}

void Resolver::lowerLoadVec(const Item &item, const PrimitiveInfo &info,
                            rows::VecWord word) {
  ir::Value *addr = popOperands(info.in)[0];
  unsigned group = ++vectorLoads;
  for (unsigned lane = 0; lane < word.lanes; ++lane) {
    ir::Inst *inst = b.create(Op::LoadLane, b.getFloatType(), {addr});
    inst->group = group;
    inst->index = lane;
    inst->imm = word.lanes;
    inst->elem = floatElem();
    inst->space = word.space;
    if (lane == 0)
      useAddress(item, inst, 0, word.space);
    push(inst);
  }
}

void Resolver::lowerStoreVec(const Item &item, const PrimitiveInfo &info,
                             rows::VecWord word) {
  ir::Inst *inst = b.create(Op::StoreVec, ir::Type::Void, popOperands(info.in));
  inst->elem = floatElem();
  inst->space = word.space;
  useAddress(item, inst, word.lanes, word.space);
}

void Resolver::lowerAtomic(const Item &item, const PrimitiveInfo &info,
                           rows::AtomWord word) {
  if (info.out[0] == '\0') {
    // A vector reduction (2FATOMIC-ADD-F32): its float cells into
    // consecutive f32s, nothing pushed.
    ir::Inst *inst = b.create(Op::Atomic, ir::Type::Void, popOperands(info.in));
    inst->imm = static_cast<int64_t>(word.op);
    inst->elem = ElemType::F32;
    inst->space = word.space;
    useAddress(item, inst, static_cast<unsigned>(inst->operands.size() - 1),
               word.space);
    return;
  }
  bool isFloat = info.out[0] == 'f';
  ir::Inst *inst =
      b.create(Op::Atomic, cellType(info.out[0]), popOperands(info.in));
  inst->imm = static_cast<int64_t>(word.op);
  inst->elem = isFloat ? floatElem() : word.i32 ? ElemType::I32 : ElemType::I64;
  inst->space = word.space;
  useAddress(item, inst, static_cast<unsigned>(inst->operands.size() - 1),
             word.space);
  push(inst);
}

// --- Address spaces ---------------------------------------------------------

void Resolver::useAddress(const Item &item, const ir::Inst *inst,
                          unsigned operand, ir::AddrSpace space) {
  AddressUse use{inst, operand, space, item.prim, item.loc, item.text};
  if (frames.size() > 1) {
    use.calledWord = frames[1].def;
    use.callLoc = frames[1].callLoc;
    use.callLength = frames[1].callLength;
  }
  addressUses.push_back(std::move(use));
}

// The word that does the same in the other memory: @ and S@, 2F@ and 2SF@.
static std::string otherSpaceWord(Prim prim) {
  std::string name = primitiveName(prim);
  size_t at = !name.empty() && name[0] >= '0' && name[0] <= '9' ? 1 : 0;
  if (name.size() > at && name[at] == 'S' &&
      lookupPrimitive(name.substr(0, at) + name.substr(at + 1)))
    name.erase(at, 1);
  else
    name.insert(at, "S");
  return lookupPrimitive(name) ? name : std::string();
}

void Resolver::checkAddressSpaces() {
  if (addressUses.empty() && tensorMapUses.empty())
    return;
  ir::AddressOrigins origins(module.body);
  const KernelHeader &header = program.header;
  // A TMA word's last operand must be a tensor map: a '\! tmap' param's
  // name, not an array's or shared memory's address.
  for (const AddressUse &use : tensorMapUses) {
    const ir::Value *v = use.inst->operands[use.operand];
    bool direct = v->kind == ir::Value::Kind::Inst &&
                  static_cast<const ir::Inst *>(v)->op == Op::TensorMapAddr;
    ir::AddressOrigin from = origins.of(v);
    bool hasTensorMap = false;
    for (const ParamDecl &p : header.params)
      hasTensorMap = hasTensorMap || p.tmap.has_value();
    std::string why;
    if (!direct && from.mayBeShared())
      why = "is a shared memory address";
    else if (!direct && from.mayBeGlobal())
      why = "is in the array param '" +
            (from.param >= 0 ? header.params[size_t(from.param)].name
                             : std::string("?")) +
            "'";
    else if (!hasTensorMap)
      why = "is no tensor map: the kernel has no '\\! tmap' param";
    auto kind = static_cast<ir::AsyncKind>(use.inst->index);
    if (why.empty() && kind == ir::AsyncKind::TmaReduceAdd) {
      // The add's element type is the map's: f32 or i32 (what the CPU
      // backend's meaning covers and the GPU tests check), so the map must
      // be known here, not one of several chosen at run time.
      if (!direct) {
        why = "may be one of several maps (a TMA reduction's map must be a "
              "'\\! tmap' param named where it is used: its element type "
              "is the add's)";
      } else {
        const ParamDecl &p =
            header.params[static_cast<const ir::Inst *>(v)->index];
        if (p.type != ElemType::F32 && p.type != ElemType::I32) {
          diags.error(use.loc,
                      "'" + use.text +
                          "' adds f32 or i32 elements, but "
                          "tensor map '" +
                          p.name + "' holds " + elemTypeName(p.type),
                      static_cast<uint32_t>(use.text.size()));
          if (use.calledWord)
            diags.note(use.callLoc,
                       "in '" + use.calledWord->name + "' called here",
                       use.callLength);
        }
        continue;
      }
    }
    if (why.empty())
      continue;
    diags.error(use.loc,
                "'" + use.text +
                    "' takes a tensor map (a '\\! tmap' param) as its " +
                    (use.operand + 1 == use.inst->operands.size()
                         ? "last operand"
                         : "operand before the CTA mask") +
                    ", but it " + why,
                static_cast<uint32_t>(use.text.size()));
    if (use.calledWord)
      diags.note(use.callLoc, "in '" + use.calledWord->name + "' called here",
                 use.callLength);
  }
  for (const AddressUse &use : addressUses) {
    ir::AddressOrigin from = origins.of(use.inst->operands[use.operand]);
    bool global = use.space == ir::AddrSpace::Global;
    if (global ? !from.mayBeShared() : !from.mayBeGlobal())
      continue;
    bool copy = use.inst->op == Op::CpAsync;
    bool async = use.inst->op == Op::Async;
    const char *verb = copy ? (global ? "copies from" : "copies to")
                       : use.inst->op == Op::Load ||
                               use.inst->op == Op::LoadLane ||
                               use.inst->op == Op::MatrixLoad
                           ? "reads"
                       : use.inst->op == Op::Atomic ? "updates"
                                                    : "writes";
    int index = global ? from.shared : from.param;
    std::string array =
        index < 0 ? std::string(global ? "shared arrays" : "array params")
                  : (global ? "the shared array '" : "the array param '") +
                        (global ? header.shared[size_t(index)].name
                                : header.params[size_t(index)].name) +
                        "'";
    // Only from the wrong memory, or maybe (another path, a load).
    bool only =
        (global ? !from.mayBeGlobal() : !from.mayBeShared()) && !from.viaMemory;
    std::string msg = "'" + use.text + "' " + verb +
                      (global ? " global" : " shared") + " memory but ";
    if (async) {
      size_t n = use.inst->operands.size();
      auto kind = static_cast<ir::AsyncKind>(use.inst->index);
      bool tma = kind == ir::AsyncKind::TmaLoad ||
                 kind == ir::AsyncKind::TmaStore ||
                 kind == ir::AsyncKind::TmaReduceAdd ||
                 kind == ir::AsyncKind::TmaLoadMc;
      size_t tile = kind == ir::AsyncKind::TmaLoadMc ? n - 3 : n - 2;
      msg = "'" + use.text + "' takes shared memory addresses but " +
            (kind == ir::AsyncKind::Mapa  ? "its shared address"
             : tma && use.operand == tile ? "its shared tile address"
                                          : "its mbarrier address");
    } else {
      msg += copy ? (global ? "its source (the first operand)"
                            : "its destination (the second operand)")
                  : "its address";
    }
    msg += (only ? " is in " : " may come from ") + array;
    if (!global)
      msg += " (global memory)";
    if (from.viaMemory && global)
      msg += ", stored to memory and loaded back";
    std::string other =
        copy || async ? std::string() : otherSpaceWord(use.prim);
    if (only && !other.empty())
      msg += ": use " + other;
    diags.error(use.loc, msg, static_cast<uint32_t>(use.text.size()));
    // The same word may be right from one call and wrong from another.
    if (use.calledWord)
      diags.note(use.callLoc, "in '" + use.calledWord->name + "' called here",
                 use.callLength);
  }
}

void Resolver::lowerShfl(const Item &, const PrimitiveInfo &info,
                         ShflMode mode) {
  std::vector<ir::Value *> in = popOperands(info.in);
  ir::Type type = in[0]->type;
  ir::Inst *inst = b.create(Op::Shfl, type, std::move(in));
  inst->imm = static_cast<int64_t>(mode);
  push(inst);
}

void Resolver::lowerSpecial(const Item &, const PrimitiveInfo &,
                            SpecialReg reg) {
  push(specialReg(reg));
}

void Resolver::lowerConst(const Item &, const PrimitiveInfo &, int64_t value) {
  push(b.constInt(value));
}

void Resolver::lowerScale(const Item &, const PrimitiveInfo &info,
                          int64_t bytes) {
  if (bytes == 0)
    bytes = program.header.floatMode == FloatMode::F32 ? 4 : 8;
  ir::Value *n = popOperands(info.in)[0];
  push(b.binary(Op::Mul, n, b.constInt(bytes)));
}

void Resolver::lowerLoopIndex(const Item &item, const PrimitiveInfo &,
                              unsigned depth) {
  loopIndex(item, depth);
}

// A target word is one instruction per result (lanes of one group, like a
// vector load): the lowering asks the target for all results at once.
void Resolver::lowerTarget(const Item &item, const PrimitiveInfo &info,
                           const char *) {
  std::vector<ir::Value *> in = popOperands(info.in);
  size_t results = std::strlen(info.out);
  unsigned group = ++targetWordGroups;
  if (results == 0) {
    ir::Inst *inst = b.create(Op::TargetWord, ir::Type::Void, in);
    inst->imm = static_cast<int64_t>(item.prim);
    inst->group = group;
    return;
  }
  for (unsigned r = 0; r < results; ++r) {
    ir::Inst *inst = b.create(Op::TargetWord, cellType(info.out[r]), in);
    inst->imm = static_cast<int64_t>(item.prim);
    inst->group = group;
    inst->index = r;
    push(inst);
  }
}

// The pair words take the low element first; cvt.rn.bf16x2.f32 puts its
// first operand in the high half.
void Resolver::lowerTargetSwapped(const Item &item, const PrimitiveInfo &info,
                                  const char *intrinsic) {
  ir::Value *top = pop();
  ir::Value *below = pop();
  push(top);
  push(below);
  lowerTarget(item, info, intrinsic);
}

// One instruction per result, sharing a group, as for a vector load.
void Resolver::lowerMma(const Item &, const PrimitiveInfo &info,
                        ir::MmaKind kind) {
  std::vector<ir::Value *> operands = popOperands(info.in);
  unsigned group = ++mmaGroups;
  size_t results = std::strlen(info.out);
  for (unsigned r = 0; r < results; ++r) {
    ir::Inst *inst = b.create(Op::MmaLane, cellType(info.out[r]), operands);
    inst->imm = static_cast<int64_t>(kind);
    inst->group = group;
    inst->index = r;
    push(inst);
  }
}

void Resolver::lowerMatrix(const Item &item, const PrimitiveInfo &info,
                           rows::MatrixWord word) {
  std::vector<ir::Value *> operands = popOperands(info.in);
  int64_t imm = word.count | (word.trans ? 8 : 0);
  if (word.store) {
    ir::Inst *inst = b.create(Op::MatrixStore, ir::Type::Void, operands);
    inst->imm = imm;
    inst->space = ir::AddrSpace::Shared;
    useAddress(item, inst, operands.size() - 1, ir::AddrSpace::Shared);
    return;
  }
  unsigned group = ++mmaGroups;
  for (unsigned r = 0; r < word.count; ++r) {
    ir::Inst *inst = b.create(Op::MatrixLoad, ir::Type::I64, operands);
    inst->imm = imm;
    inst->space = ir::AddrSpace::Shared;
    inst->group = group;
    inst->index = r;
    if (r == 0)
      useAddress(item, inst, 0, ir::AddrSpace::Shared);
    push(inst);
  }
}

// The asynchronous machinery: one Async instruction per use. Operands that
// must be constants on the GPU are checked here when they are constants
// (the CPU backend checks the others at run time).
void Resolver::lowerAsync(const Item &item, const PrimitiveInfo &info,
                          ir::AsyncKind kind) {
  using ir::AsyncKind;
  std::vector<ir::Value *> in = popOperands(info.in);
  auto length = static_cast<uint32_t>(item.text.size());
  // A bad constant is reported; the word is still emitted (the compile
  // fails), except where the lowering needs the value.
  auto report = [&](const std::string &why) {
    diags.error(item.loc, "'" + item.text + "' " + why, length);
  };
  auto constant = [&](size_t i) { return ir::IRBuilder::constValue(in[i]); };
  switch (kind) {
  case AsyncKind::TmaStoreWait: {
    // cp.async.bulk.wait_group.read takes its count as an immediate.
    std::optional<int64_t> n = constant(0);
    if (!n || *n < 0 || *n > 255) {
      current = nullptr;
      return report("needs a count from 0 to 255 known when compiling (a "
                    "literal, a constant or an UNROLL index)");
    }
    break;
  }
  case AsyncKind::BarSyncN:
  case AsyncKind::BarArriveN: {
    std::optional<int64_t> id = constant(0), n = constant(1);
    if (id && (*id < 0 || *id > 15))
      report("takes a barrier id from 0 to 15, not " + std::to_string(*id));
    if (n && (*n <= 0 || *n % 32 != 0 || *n > 1024))
      report("takes a thread count that is a multiple of 32 from 32 to "
             "1024, not " +
             std::to_string(*n));
    break;
  }
  case AsyncKind::TmaLoadMc: {
    // The GPU takes the mask as 16 bits; a cluster has at most 16 CTAs.
    std::optional<int64_t> mask = constant(in.size() - 1);
    if (mask && (*mask < 1 || *mask > 0xffff))
      report("takes a CTA mask from 1 to 0xFFFF (bit r: the CTA of rank r), "
             "not " +
             std::to_string(*mask));
    break;
  }
  case AsyncKind::Mapa: {
    std::optional<int64_t> rank = constant(1);
    if (rank && (*rank < 0 || *rank > 15))
      report("takes a CTA rank from 0 to 15, not " + std::to_string(*rank));
    break;
  }
  case AsyncKind::MbarInit: {
    std::optional<int64_t> count = constant(0);
    if (count && (*count < 1 || *count >= (int64_t(1) << 20)))
      report("takes an arrival count from 1 to 1048575, not " +
             std::to_string(*count));
    break;
  }
  default:
    break;
  }
  bool result = info.out[0] != '\0';
  ir::Type type = !result              ? ir::Type::Void
                  : info.out[0] == 'f' ? b.getFloatType()
                                       : ir::Type::I64;
  ir::Inst *inst = b.create(Op::Async, type, in);
  inst->imm = static_cast<int64_t>(item.prim);
  inst->index = static_cast<unsigned>(kind);
  inst->space = ir::AddrSpace::Shared;
  size_t n = in.size();
  switch (kind) {
  case AsyncKind::MbarInit:
  case AsyncKind::MbarArrive:
  case AsyncKind::MbarArriveTx:
  case AsyncKind::MbarWait:
  case AsyncKind::MbarWaitCluster:
  case AsyncKind::MbarTryWait:
    useAddress(item, inst, static_cast<unsigned>(n - 1), ir::AddrSpace::Shared);
    break;
  case AsyncKind::Mapa:
    useAddress(item, inst, 0, ir::AddrSpace::Shared);
    break;
  case AsyncKind::TmaLoad:
  case AsyncKind::TmaLoadMc:
  case AsyncKind::TmaStore:
  case AsyncKind::TmaReduceAdd: {
    // The multicast form has its CTA mask after the map.
    size_t m = kind == AsyncKind::TmaLoadMc ? n - 1 : n;
    if (kind == AsyncKind::TmaLoad || kind == AsyncKind::TmaLoadMc)
      useAddress(item, inst, static_cast<unsigned>(m - 3),
                 ir::AddrSpace::Shared);
    useAddress(item, inst, static_cast<unsigned>(m - 2), ir::AddrSpace::Shared);
    AddressUse use{inst,
                   static_cast<unsigned>(m - 1),
                   ir::AddrSpace::Global,
                   item.prim,
                   item.loc,
                   item.text};
    tensorMapUses.push_back(std::move(use));
    break;
  }
  default:
    break;
  }
  if (result)
    push(inst);
}

void Resolver::lowerCustom(const Item &item, const PrimitiveInfo &,
                           void (Resolver::*handler)(const Item &)) {
  (this->*handler)(item);
}

// --- Hand-written words ---------------------------------------------------

void Resolver::dup(const Item &) { push(state.data.back()); }
void Resolver::drop(const Item &) { pop(); }
void Resolver::swap(const Item &) {
  auto &d = state.data;
  std::swap(d[d.size() - 1], d[d.size() - 2]);
}
void Resolver::over(const Item &) { push(state.data[state.data.size() - 2]); }
void Resolver::rot(const Item &) {
  auto &d = state.data;
  ir::Value *a = d[d.size() - 3];
  d.erase(d.end() - 3);
  push(a);
}
void Resolver::nip(const Item &) { state.data.erase(state.data.end() - 2); }
void Resolver::tuck(const Item &) {
  auto &d = state.data;
  d.insert(d.end() - 2, d.back());
}
void Resolver::toR(const Item &) { state.ret.push_back(pop()); }
void Resolver::rFrom(const Item &item) {
  rFetch(item);
  if (reachable())
    state.ret.pop_back();
}
void Resolver::rFetch(const Item &item) {
  if (state.ret.empty()) {
    ++depthErrors;
    diags.error(item.loc,
                "return stack underflow: '" + item.text +
                    "' without a matching >R",
                static_cast<uint32_t>(item.text.size()));
    current = nullptr;
    return;
  }
  push(state.ret.back());
}

void Resolver::bitNot(const Item &) {
  push(b.binary(Op::Xor, popInt(), b.constInt(-1)));
}

void Resolver::globalId(const Item &) {
  ir::Value *blockBase = b.binary(Op::Mul, specialReg(SpecialReg::BidX),
                                  specialReg(SpecialReg::BdimX));
  push(b.binary(Op::Add, blockBase, specialReg(SpecialReg::TidX)));
}

void Resolver::warpId(const Item &) {
  push(b.binary(Op::LShr, specialReg(SpecialReg::LinearTid), b.constInt(5)));
}

// x = big + small exactly. No NaN check on big: a NaN x gives a NaN small,
// which carries it through any product of the two parts.
void Resolver::tf32Split(const Item &) {
  ir::Value *x = popFloat();
  ir::Value *big = b.create(Op::TF32Big, b.getFloatType(), {x});
  push(big);
  push(b.binary(Op::FSub, x, big));
}

// A bf16 is the top half of an f32: element 0 shifted up, element 1 with
// the low half cleared.
void Resolver::unpackBF16x2(const Item &) {
  ir::Value *pair = popInt();
  ir::Value *lo = b.binary(Op::Shl, b.binary(Op::And, pair, b.constInt(0xFFFF)),
                           b.constInt(16));
  ir::Value *hi = b.binary(Op::And, pair, b.constInt(0xFFFF0000));
  push(b.create(Op::BitsToFloat, b.getFloatType(), {lo}));
  push(b.create(Op::BitsToFloat, b.getFloatType(), {hi}));
}

void Resolver::unpackF16x2(const Item &) {
  ir::Value *pair = popInt();
  ir::Value *hi = b.binary(Op::LShr, pair, b.constInt(16));
  push(b.create(Op::HalfToFloat, b.getFloatType(), {pair}));
  push(b.create(Op::HalfToFloat, b.getFloatType(), {hi}));
}

ir::Value *Resolver::specialReg(SpecialReg reg) {
  ir::Inst *inst = b.create(Op::SpecialReg, ir::Type::I64);
  inst->index = static_cast<unsigned>(reg);
  return inst;
}

void Resolver::loopIndex(const Item &item, unsigned depth) {
  if (state.loops.size() <= depth) {
    static const char *const need[] = {"inside a DO loop",
                                       "inside two nested DO loops",
                                       "inside three nested DO loops"};
    diags.error(item.loc,
                "'" + item.text + "' is only valid " + need[depth] +
                    " (there " +
                    (state.loops.size() == 1
                         ? "is 1 enclosing loop"
                         : "are " + std::to_string(state.loops.size()) +
                               " enclosing loops") +
                    ")",
                static_cast<uint32_t>(item.text.size()));
    current = nullptr;
    return;
  }
  push(state.loops[state.loops.size() - 1 - depth].index);
}

// Register arrays are slots of the machine state: a constant index is a
// slot access (checked here); a computed one selects among all elements (no
// memory, but O(size) instructions; UNROLL the loop to make indices
// constant) after a RegIndexCheck.
void Resolver::regAccess(const Item &item) {
  const RegDecl &reg = program.header.regs[item.index];
  bool isSet = item.kind == ItemKind::RegSet;
  if (!need(item, isSet ? 2 : 1))
    return;
  ir::Value *index = popInt();
  size_t base = regOffsets[item.index];
  size_t count = static_cast<size_t>(reg.count);
  auto view = [&](ir::Value *v) {
    return isFloatElem(reg.type) ? b.asFloat(v) : b.asInt(v);
  };
  if (auto c = ir::IRBuilder::constValue(index)) {
    if (*c < 0 || static_cast<size_t>(*c) >= count) {
      diags.error(item.loc,
                  "index " + std::to_string(*c) +
                      " is outside register "
                      "array '" +
                      reg.name + "' of " + std::to_string(count) + " elements",
                  static_cast<uint32_t>(item.text.size()));
      current = nullptr;
      return;
    }
    if (isSet)
      state.regs[base + *c] = view(pop());
    else
      push(state.regs[base + *c]);
    return;
  }
  if (!charge(item, 3 * count)) // a compare and a select per element
    return;
  // Outside the array no select hits: a read gives element 0 and a write
  // changes nothing. The check reports it where the target checks.
  ir::Inst *check = b.create(Op::RegIndexCheck, ir::Type::Void, {index});
  check->index = item.index;
  check->imm = isSet ? 1 : 0;
  if (isSet) {
    ir::Value *value = view(pop());
    for (size_t k = 0; k < count; ++k) {
      ir::Value *hit =
          b.icmp(Pred::EQ, index, b.constInt(static_cast<int64_t>(k)));
      state.regs[base + k] = b.select(hit, value, state.regs[base + k]);
    }
    return;
  }
  ir::Value *result = state.regs[base];
  for (size_t k = 1; k < count; ++k) {
    ir::Value *hit =
        b.icmp(Pred::EQ, index, b.constInt(static_cast<int64_t>(k)));
    result = b.select(hit, state.regs[base + k], result);
  }
  push(result);
}

// PICK with a constant index is a slot copy; with a computed index it
// selects among the slots that exist at this point (the depth is known).
void Resolver::pick(const Item &item) {
  if (!need(item, 1))
    return;
  ir::Value *n = popInt();
  size_t depth = state.data.size();
  if (auto c = ir::IRBuilder::constValue(n)) {
    if (*c < 0 || static_cast<size_t>(*c) >= depth) {
      diags.error(item.loc,
                  "PICK index " + std::to_string(*c) +
                      " is outside the stack (depth " + std::to_string(depth) +
                      " below the index)",
                  static_cast<uint32_t>(item.text.size()));
      current = nullptr;
      return;
    }
    push(state.data[depth - 1 - *c]);
    return;
  }
  if (depth == 0) {
    diags.error(item.loc, "PICK with an empty stack below its index",
                static_cast<uint32_t>(item.text.size()));
    current = nullptr;
    return;
  }
  if (!charge(item, 3 * depth)) // a compare and a select per slot
    return;
  bool allFloat = true;
  for (ir::Value *v : state.data)
    allFloat = allFloat && v->type != ir::Type::I64;
  auto view = [&](ir::Value *v) { return allFloat ? v : b.asInt(v); };
  // An index past the stack yields the deepest slot (undefined in Forth).
  ir::Value *result = view(state.data[0]);
  for (size_t k = 1; k < depth; ++k) {
    size_t fromTop = depth - 1 - k;
    ir::Value *hit =
        b.icmp(Pred::EQ, n, b.constInt(static_cast<int64_t>(fromTop)));
    result = b.select(hit, view(state.data[k]), result);
  }
  push(result);
}

// ROLL: ( xn .. x0 n -- xn-1 .. x0 xn ).
void Resolver::roll(const Item &item) {
  if (!need(item, 1))
    return;
  ir::Value *n = popInt();
  size_t depth = state.data.size();
  if (auto c = ir::IRBuilder::constValue(n)) {
    if (*c < 0 || static_cast<size_t>(*c) >= depth) {
      diags.error(item.loc,
                  "ROLL index " + std::to_string(*c) +
                      " is outside the stack (depth " + std::to_string(depth) +
                      " below the index)",
                  static_cast<uint32_t>(item.text.size()));
      current = nullptr;
      return;
    }
    size_t pos = depth - 1 - *c;
    ir::Value *v = state.data[pos];
    state.data.erase(state.data.begin() + pos);
    push(v);
    return;
  }
  if (depth == 0) {
    diags.error(item.loc, "ROLL with an empty stack below its index",
                static_cast<uint32_t>(item.text.size()));
    current = nullptr;
    return;
  }
  if (!charge(item, 6 * depth)) // compares and selects per slot
    return;
  // Dynamic: slot k from the top (after the roll) comes from k-1 if the
  // rolled item was deeper than it, else stays.
  std::vector<ir::Value *> old(state.data.begin(), state.data.end());
  std::vector<ir::Value *> asInts;
  for (ir::Value *v : old)
    asInts.push_back(b.asInt(v));
  auto fromTop = [&](size_t k) { return asInts[depth - 1 - k]; };
  ir::Value *picked = fromTop(depth - 1);
  for (size_t k = depth - 1; k-- > 0;) {
    ir::Value *hit = b.icmp(Pred::EQ, n, b.constInt(static_cast<int64_t>(k)));
    picked = b.select(hit, fromTop(k), picked);
  }
  std::vector<ir::Value *> rolled(depth);
  for (size_t k = 1; k < depth; ++k) {
    ir::Value *deeper =
        b.icmp(Pred::GE, n, b.constInt(static_cast<int64_t>(k)));
    rolled[depth - 1 - k] = b.select(deeper, fromTop(k - 1), fromTop(k));
  }
  rolled[depth - 1] = picked;
  state.data.assign(rolled.begin(), rolled.end());
}

// cp.async.wait_group takes its count as an immediate.
void Resolver::cpAsyncWait(const Item &item) {
  std::optional<int64_t> n = ir::IRBuilder::constValue(popInt());
  if (!n || *n < 0 || *n > 255) {
    diags.error(item.loc,
                "'" + item.text +
                    "' needs a count from 0 to 255 known when compiling "
                    "(a literal, a constant or an UNROLL index)",
                static_cast<uint32_t>(item.text.size()));
    current = nullptr;
    return;
  }
  ir::Inst *inst = b.create(Op::CpAsyncWait, ir::Type::Void);
  inst->imm = *n;
}

void Resolver::requireSm(const Item &item, unsigned sm) {
  bool specific = sm >= archSpecificSm;
  if (specific)
    sm -= archSpecificSm;
  ir::ArchRequirement &needs =
      specific ? module.needsArchSpecific : module.needs;
  if (needs.minSm >= sm)
    return;
  // Point at the user's code: the outermost call of a stdlib word.
  SourceLoc loc = item.loc;
  auto length = static_cast<uint32_t>(item.text.size());
  std::string word = item.text;
  for (size_t i = 1; i < frames.size(); ++i)
    if (frames[i].def->fromPrelude) {
      loc = frames[i].callLoc;
      length = frames[i].callLength;
      word = frames[i].def->name;
      break;
    }
  needs = {sm, word, loc, length};
}

} // namespace wf
