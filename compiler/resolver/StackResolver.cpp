//===- StackResolver.cpp - Walking items, inlining words, control flow ----===//
#include "compiler/resolver/StackResolver.h"

#include "compiler/resolver/Resolver.h"

namespace wf {

// A generous bound on inlined work: beyond it the kernel would take LLVM
// minutes to compile, and exponential inlining is almost surely a mistake.
static constexpr size_t maxResolvedItems = 2'000'000;
static constexpr size_t maxInlineDepth = 256;
// Loops nested thousands deep (even empty ones) make LLVM's loop analyses
// quadratic: 20000 take 30 s and 9 GB at -O0.
static constexpr size_t maxControlDepth = 1000;

Resolver::Resolver(const Program &program, DiagnosticEngine &diags,
                   ir::Module &module)
    : program(program), diags(diags), module(module),
      b(module.body, program.header.floatMode) {}

// A '\! pdl' kernel may start while the kernel before it on the stream
// still runs: without GRID-DEP-WAIT it could read what that kernel has not
// written yet. Checked on the resolved IR, so a wait in an INCLUDEd or
// prelude word counts and one in a word never called does not.
static void checkPdlWaits(const ir::Module &module, DiagnosticEngine &diags) {
  const KernelHeader &header = module.header;
  if (!header.pdl)
    return;
  for (const auto &block : module.body.blocks)
    for (const auto &inst : block->insts)
      if (inst->op == ir::Op::Async &&
          static_cast<ir::AsyncKind>(inst->index) == ir::AsyncKind::GridDepWait)
        return;
  diags.error(header.pdlLoc,
              "kernel '" + header.name +
                  "' is launched with '\\! pdl' but never calls "
                  "GRID-DEP-WAIT: it may start before the previous kernel "
                  "on its stream has finished, and must GRID-DEP-WAIT before "
                  "reading what that kernel wrote",
              header.pdlLength);
}

bool Resolver::run() {
  module.header = program.header;
  current = module.body.newBlock();
  b.setBlock(current);
  b.setLoc(program.header.loc);
  Frame kernel{&program.kernel, 0, 0, 0, {}};
  if (!program.kernel.locals.empty())
    state.locals.assign(program.kernel.locals.size(), b.constInt(0));
  for (const RegDecl &reg : program.header.regs) {
    regOffsets.push_back(state.regs.size());
    ir::Value *zero = isFloatElem(reg.type) ? b.constFloat(0.0) : b.constInt(0);
    state.regs.insert(state.regs.end(), reg.count, zero);
  }
  frames.push_back(kernel);
  resolveRange(program.kernel.body, 0, program.kernel.body.size());
  if (reachable())
    current->term.kind = ir::Terminator::Kind::Ret;
  if (!tooLarge)
    checkAddressSpaces();
  // After an error some paths were not resolved: a wait may be missing
  // from the IR only because of it.
  if (!diags.hasErrors())
    checkPdlWaits(module, diags);
  return !diags.hasErrors();
}

bool Resolver::need(const Item &item, size_t count) {
  if (state.data.size() >= count)
    return true;
  std::string where;
  if (frames.size() > 1)
    where = " (in '" + frames.back().def->name + "')";
  ++depthErrors;
  diags.error(item.loc,
              "stack underflow: '" + item.text + "' needs " +
                  std::to_string(count) + (count == 1 ? " item" : " items") +
                  " but the stack holds " + std::to_string(state.data.size()) +
                  where,
              static_cast<uint32_t>(item.text.size()));
  current = nullptr; // stop simulating this path
  return false;
}

bool Resolver::charge(const Item &item, size_t cost) {
  itemsResolved += cost;
  if (itemsResolved <= maxResolvedItems)
    return true;
  diags.error(item.loc, "kernel too large: more than " +
                            std::to_string(maxResolvedItems) +
                            " steps after inlining every call (a word is "
                            "one step; a branch or loop also costs one per "
                            "value on the stack)");
  tooLarge = true;
  return false;
}

void Resolver::resolveItem(const Item &item) {
  if (tooLarge)
    return;
  // Some words cost more than one step: a control word copies the whole
  // machine state into branches and block parameters, a call or locals
  // declaration sets up its locals (and a computed PICK, ROLL or register
  // array index charges its selects itself). Counting that keeps deep
  // stacks, loops, locals and register arrays from blowing up too.
  size_t cost = 1;
  if (item.kind == ItemKind::Control && reachable())
    cost += state.flatten().size();
  else if (item.kind == ItemKind::Call)
    cost += program.words[item.index].locals.size();
  else if (item.kind == ItemKind::LocalsDecl)
    cost += item.count + item.zeroInit;
  if (!charge(item, cost))
    return;
  if (item.kind == ItemKind::Control && control.size() >= maxControlDepth) {
    diags.error(item.loc,
                "control structures nested more than " +
                    std::to_string(maxControlDepth) +
                    " deep (counting those of the words inlined here)",
                static_cast<uint32_t>(item.text.size()));
    tooLarge = true;
    return;
  }
  b.setLoc(item.loc);
  if (item.kind == ItemKind::Control) {
    applyControl(item);
    return;
  }
  if (!reachable())
    return;
  b.setBlock(current);
  const Frame &frame = frames.back();
  switch (item.kind) {
  case ItemKind::IntLiteral:
    push(b.constInt(item.intValue));
    break;
  case ItemKind::FloatLiteral:
    push(b.constFloat(item.floatValue));
    break;
  case ItemKind::Primitive:
    applyPrimitive(item);
    break;
  case ItemKind::Call:
    inlineCall(item);
    break;
  case ItemKind::LocalsDecl: {
    if (!need(item, item.count))
      return;
    size_t base = frame.localsBase + item.index;
    for (unsigned k = item.count; k-- > 0;)
      state.locals[base + k] = pop();
    for (unsigned k = 0; k < item.zeroInit; ++k)
      state.locals[base + item.count + k] = b.constInt(0);
    break;
  }
  case ItemKind::LocalGet:
    push(state.locals[frame.localsBase + item.index]);
    break;
  case ItemKind::LocalSet:
    if (need(item, 1))
      state.locals[frame.localsBase + item.index] = pop();
    break;
  case ItemKind::ParamRef: {
    const ParamDecl &p = program.header.params[item.index];
    ir::Inst *inst;
    if (p.tmap)
      inst = b.create(ir::Op::TensorMapAddr, ir::Type::I64);
    else if (p.isArray)
      inst = b.create(ir::Op::ParamAddr, ir::Type::I64);
    else
      inst = b.create(ir::Op::ParamValue,
                      isFloatElem(p.type) ? b.getFloatType() : ir::Type::I64);
    inst->index = item.index;
    inst->elem = p.type;
    push(inst);
    break;
  }
  case ItemKind::SharedRef: {
    ir::Inst *inst = b.create(ir::Op::SharedAddr, ir::Type::I64);
    inst->index = item.index;
    push(inst);
    break;
  }
  case ItemKind::RegGet:
  case ItemKind::RegSet:
    regAccess(item);
    break;
  case ItemKind::Control:
    break;
  }
}

void Resolver::resolveRange(const std::vector<Item> &body, size_t begin,
                            size_t end) {
  for (size_t i = begin; i < end; ++i) {
    if (tooLarge || diags.saturated())
      return;
    const Item &item = body[i];
    if (item.kind == ItemKind::Control && item.unroll)
      i = unrollLoop(body, i);
    else if (constantBoundsDo(item))
      i = tryLoop(body, i);
    else if (item.kind == ItemKind::Control &&
             item.control == ControlWord::Begin && reachable())
      i = tryBegin(body, i);
    else
      resolveItem(item);
  }
}

bool Resolver::constantBoundsDo(const Item &item) const {
  if (item.kind != ItemKind::Control ||
      (item.control != ControlWord::Do && item.control != ControlWord::QDo) ||
      !reachable() || state.data.size() < 2)
    return false;
  return ir::IRBuilder::constValue(state.data.back()) &&
         ir::IRBuilder::constValue(state.data[state.data.size() - 2]);
}

// In the public WarpForth the stack is memory, so `10 0 DO I LOOP` leaves
// ten cells. Here a loop's body must keep the depth, unless the trip count
// is known: then the loop is unrolled (as UNROLL DO), I is a constant in
// each copy, IFs on it fold, and the depth after each copy is static. Most
// constant-bound loops keep the depth and stay loops, so the loop is first
// resolved as one; an error a different depth could avoid takes that back
// (blocks, instructions, state and diagnostics) and unrolls it. The trial's
// work stays charged to the budget, so nested retries cannot run away.
Resolver::Trial Resolver::startTrial() {
  return Trial{state,
               current,
               current->insts.size(),
               current->term,
               module.body.blocks.size(),
               control.size(),
               frames.back().exits.size(),
               addressUses.size(),
               diags.checkpoint(),
               depthErrors};
}

void Resolver::rollback(const Trial &t) {
  diags.rollback(t.diags);
  depthErrors = t.depthErrors;
  module.body.blocks.resize(t.blocks);
  t.block->insts.resize(t.insts);
  t.block->term = t.term;
  current = t.block;
  b.setBlock(current);
  state = t.state;
  control.resize(t.control);
  frames.back().exits.resize(t.exits);
  addressUses.resize(t.uses);
}

size_t Resolver::tryLoop(const std::vector<Item> &body, size_t doIndex) {
  const Item &doItem = body[doIndex];
  size_t loopIndex = doItem.match;
  const Trial trial = startTrial();
  resolveItem(doItem);
  resolveRange(body, doIndex + 1, loopIndex);
  // The body may have stopped early (too many errors, too large); its
  // constructs are then still open and LOOP must not close them.
  bool unroll = depthErrors != trial.depthErrors;
  if (!unroll && (tooLarge || diags.saturated()))
    return loopIndex;
  if (!unroll)
    resolveItem(body[loopIndex]);
  if (depthErrors == trial.depthErrors || tooLarge)
    return loopIndex;
  rollback(trial);
  return unrollLoop(body, doIndex, /*implicit=*/true);
}

// A BEGIN loop whose body changes the depth is run while compiling, as an
// unrolled DO loop is: each copy's exit flag must then be a constant
// (`0 BEGIN DUP 1+ DUP 5 = UNTIL` leaves 0 1 2 3 4 5). BEGIN ... UNTIL,
// BEGIN ... WHILE ... REPEAT and BEGIN ... AGAIN (left by EXIT); a loop
// with several WHILEs keeps the error.
size_t Resolver::tryBegin(const std::vector<Item> &body, size_t beginIndex) {
  const Item &beginItem = body[beginIndex];
  constexpr size_t none = static_cast<size_t>(-1);
  size_t close = none, whileIndex = none, depth = 0;
  bool several = false;
  for (size_t k = beginIndex + 1; k < body.size() && close == none; ++k) {
    const Item &it = body[k];
    if (it.kind != ItemKind::Control)
      continue;
    if (it.control == ControlWord::Begin)
      ++depth;
    else if (it.control == ControlWord::Until ||
             it.control == ControlWord::Again ||
             it.control == ControlWord::Repeat) {
      if (depth == 0)
        close = k;
      else
        --depth;
    } else if (it.control == ControlWord::While && depth == 0) {
      several = whileIndex != none;
      whileIndex = k;
    }
  }
  bool repeat = close != none && body[close].control == ControlWord::Repeat;
  if (close == none || several || repeat != (whileIndex != none)) {
    resolveItem(beginItem);
    return beginIndex;
  }
  const Trial trial = startTrial();
  resolveItem(beginItem);
  resolveRange(body, beginIndex + 1, close);
  bool simulate = depthErrors != trial.depthErrors;
  if (!simulate && (tooLarge || diags.saturated()))
    return close;
  if (!simulate)
    resolveItem(body[close]);
  if (depthErrors == trial.depthErrors || tooLarge)
    return close;
  rollback(trial);

  size_t firstEnd = repeat ? whileIndex : close;
  bool again = body[close].control == ControlWord::Again;
  while (!tooLarge && charge(beginItem, 1 + state.flatten().size())) {
    resolveRange(body, beginIndex + 1, firstEnd);
    if (!reachable() || tooLarge || diags.saturated())
      break;
    if (again)
      continue;
    const Item &test = body[firstEnd];
    b.setBlock(current);
    b.setLoc(test.loc);
    if (!need(test, 1))
      break;
    std::optional<int64_t> flag = ir::IRBuilder::constValue(popInt());
    if (!flag) {
      ++depthErrors;
      diags.error(test.loc,
                  test.text +
                      " needs a flag known at compile time: the loop body "
                      "changes the stack depth, so the loop is run while "
                      "compiling",
                  static_cast<uint32_t>(test.text.size()));
      break; // the rest is checked as if the loop ended here
    }
    if (!repeat ? *flag != 0 : *flag == 0)
      break;
    if (repeat) {
      resolveRange(body, whileIndex + 1, close);
      if (!reachable() || tooLarge || diags.saturated())
        break;
    }
  }
  return close;
}

// Fully unrolls `UNROLL DO ... LOOP`: the body is resolved once per
// iteration with I as a constant, so register arrays indexed by I resolve
// to fixed slots. The bounds (and a +LOOP step) must be constants.
size_t Resolver::unrollLoop(const std::vector<Item> &body, size_t doIndex,
                            bool implicit) {
  static constexpr int64_t maxIterations = 4096;
  const Item &doItem = body[doIndex];
  size_t loopIndex = doItem.match;
  const Item &loopItem = body[loopIndex];
  if (!reachable())
    return loopIndex;
  b.setBlock(current);
  b.setLoc(doItem.loc);
  if (!need(doItem, 2))
    return loopIndex;
  auto start = ir::IRBuilder::constValue(popInt());
  auto limit = ir::IRBuilder::constValue(popInt());
  if (!start || !limit) {
    diags.error(doItem.loc,
                "UNROLL needs loop bounds known at compile time (literals, "
                "constants or arithmetic on them)",
                static_cast<uint32_t>(doItem.text.size()));
    current = nullptr;
    return loopIndex;
  }
  OpenConstruct loop{OpenConstruct::Tag::Do, doItem.control, doItem.loc};
  control.push_back(std::move(loop));
  size_t constructIndex = control.size() - 1;
  int64_t index = *start;
  bool skip = doItem.control == ControlWord::QDo &&
              (countsDown(doItem) ? *start <= *limit : *start >= *limit);
  if (doItem.control == ControlWord::Do && *start == *limit) {
    // DO runs its body before testing, so equal bounds wrap all the way
    // round: 2^64 iterations.
    ++depthErrors;
    diags.error(doItem.loc,
                std::string(implicit ? "this DO loop changes the stack depth, "
                                       "so it is unrolled, but DO"
                                     : "UNROLL DO") +
                    " with equal bounds (" + std::to_string(*start) +
                    ") would run 2^64 times; use ?DO to run it zero times",
                static_cast<uint32_t>(doItem.text.size()));
    control.pop_back();
    current = nullptr;
    return loopIndex;
  }
  for (int64_t n = 0; !skip && reachable(); ++n) {
    // An iteration costs a step and a copy of the state, as LOOP does.
    if (tooLarge || !charge(doItem, 1 + state.flatten().size()))
      break;
    // A loop unrolled because it changes the depth has no cap of its own:
    // its growing state makes each copy dearer, and the budget stops it.
    if (n == maxIterations && !implicit) {
      diags.error(doItem.loc, "UNROLL loop runs more than " +
                                  std::to_string(maxIterations) +
                                  " iterations");
      current = nullptr;
      break;
    }
    ir::Value *counter = b.constInt(index);
    state.loops.push_back(LoopCounter{counter, b.constInt(*limit)});
    control[constructIndex].headerState = state;
    resolveRange(body, doIndex + 1, loopIndex);
    if (!reachable())
      break;
    b.setBlock(current);
    b.setLoc(loopItem.loc);
    int64_t step = 1;
    if (loopItem.control == ControlWord::PlusLoop) {
      if (!need(loopItem, 1))
        break;
      auto c = ir::IRBuilder::constValue(popInt());
      if (!c) {
        if (implicit)
          ++depthErrors;
        diags.error(loopItem.loc,
                    implicit ? "+LOOP needs a step known at compile time: "
                               "the loop body changes the stack depth, so "
                               "the loop is unrolled"
                             : "+LOOP in an UNROLL loop needs a step "
                               "known at compile time",
                    static_cast<uint32_t>(loopItem.text.size()));
        current = nullptr;
        break;
      }
      step = *c;
    }
    state.loops.pop_back();
    index = static_cast<int64_t>(static_cast<uint64_t>(index) + step);
    if (loopItem.control == ControlWord::PlusLoop) {
      // The C-like test +LOOP makes at run time (resolveItem).
      if (step >= 0 ? index >= *limit : index < *limit)
        break;
    } else if (index == *limit) {
      break;
    }
  }
  OpenConstruct done = std::move(control[constructIndex]);
  control.resize(constructIndex);
  std::vector<PendingEdge> edges = std::move(done.leaves);
  if (reachable())
    edges.push_back(branchAway(loopItem, "the end of the loop"));
  if (!edges.empty() || reachable())
    mergeEdges(std::move(edges), loopItem,
               !implicit ? "UNROLL DO ... LOOP"
               : loopItem.control == ControlWord::PlusLoop
                   ? "DO ... +LOOP, unrolled"
                   : "DO ... LOOP, unrolled");
  return loopIndex;
}

bool Resolver::countsDown(const Item &doItem) const {
  const std::vector<Item> &body = frames.back().def->body;
  if (body.empty() || &doItem < body.data() ||
      &doItem >= body.data() + body.size())
    return false;
  size_t close = doItem.match;
  if (close == 0 || close >= body.size() ||
      body[close].kind != ItemKind::Control ||
      body[close].control != ControlWord::PlusLoop)
    return false;
  const Item &step = body[close - 1];
  return step.kind == ItemKind::IntLiteral && step.intValue < 0;
}

void Resolver::inlineCall(const Item &item) {
  const WordDef &def = program.words[item.index];
  if (frames.size() > maxInlineDepth) {
    diags.error(item.loc, "words nested more than " +
                              std::to_string(maxInlineDepth) +
                              " calls deep at '" + item.text + "'");
    tooLarge = true;
    return;
  }
  Frame frame{&def,
              state.locals.size(),
              state.loops.size(),
              control.size(),
              {},
              item.loc,
              static_cast<uint32_t>(item.text.size())};
  if (!def.locals.empty())
    state.locals.resize(state.locals.size() + def.locals.size(), b.constInt(0));
  frames.push_back(std::move(frame));
  unsigned errorsBefore = diags.errorCount();
  resolveRange(def.body, 0, def.body.size());
  Frame done = std::move(frames.back());
  frames.pop_back();
  // An error inside a prelude word points into the prelude; say where the
  // user's code called it (a prelude caller leaves that to its own caller).
  if (def.fromPrelude && !frames.back().def->fromPrelude &&
      diags.errorCount() > errorsBefore)
    diags.note(item.loc, "in '" + def.name + "' (a stdlib word) called here",
               static_cast<uint32_t>(item.text.size()));
  control.resize(std::min(control.size(), done.controlBase));
  if (done.exits.empty()) {
    if (reachable()) {
      state.locals.resize(done.localsBase);
      state.loops.resize(std::min(state.loops.size(), done.loopsBase));
    }
    return;
  }
  std::vector<PendingEdge> edges = std::move(done.exits);
  if (reachable()) {
    PendingEdge end = branchAway(item, "the end of '" + def.name + "'");
    end.state = stateForExit(done);
    edges.push_back(std::move(end));
  }
  mergeEdges(std::move(edges), item, ("the word '" + def.name + "'").c_str());
}

MachineState Resolver::stateForExit(const Frame &frame) const {
  MachineState s = state;
  s.locals.resize(std::min(s.locals.size(), frame.localsBase));
  s.loops.resize(std::min(s.loops.size(), frame.loopsBase));
  return s;
}

MachineState Resolver::stateLeavingLoop(const OpenConstruct &loop) const {
  MachineState s = state;
  size_t outer =
      loop.headerState.loops.empty() ? 0 : loop.headerState.loops.size() - 1;
  s.loops.resize(std::min(s.loops.size(), outer));
  return s;
}

std::string Resolver::depthSummary(const MachineState &s) const {
  std::string out = "stack depth " + std::to_string(s.data.size());
  if (!s.ret.empty())
    out += " and return-stack depth " + std::to_string(s.ret.size());
  return out;
}

PendingEdge Resolver::branchAway(const Item &item, std::string what) {
  current->term.kind = ir::Terminator::Kind::Br;
  current->term.loc = item.loc;
  PendingEdge edge{current, 0, state, item.loc, std::move(what)};
  current = nullptr;
  return edge;
}

void Resolver::condBranch(ir::Value *flag, ir::Block *ifTrue,
                          PendingEdge *ifFalse, const std::string &falseWhat,
                          const Item &item) {
  ir::Terminator &t = current->term;
  t.kind = ir::Terminator::Kind::CondBr;
  t.cond = flag;
  t.targets[0] = ifTrue;
  t.loc = item.loc;
  *ifFalse = PendingEdge{current, 1, state, item.loc, falseWhat};
  current = ifTrue;
  b.setBlock(current);
}

void Resolver::mergeEdges(std::vector<PendingEdge> edges, const Item &item,
                          const char *construct) {
  current = nullptr;
  if (edges.empty())
    return;
  const MachineState shape = edges[0].state;
  const std::string firstWhat = edges[0].what;
  std::vector<PendingEdge> kept;
  for (PendingEdge &e : edges) {
    if (!kept.empty() && !e.state.sameShape(shape)) {
      ++depthErrors;
      // What would make the depths static: an IF on a constant resolves
      // one branch only.
      bool ifPaths = std::string(construct).rfind("IF", 0) == 0;
      diags.error(item.loc,
                  std::string("paths meeting at ") + item.text + " (" +
                      construct + ") disagree: " + firstWhat + " leaves " +
                      depthSummary(shape) + ", " + e.what + " leaves " +
                      depthSummary(e.state) +
                      (ifPaths ? "; the branches may leave different "
                                 "depths only when the IF flag is known at "
                                 "compile time"
                               : ""),
                  static_cast<uint32_t>(item.text.size()));
      continue;
    }
    kept.push_back(std::move(e));
  }

  ir::Block *merge = module.body.newBlock();
  if (kept.size() == 1) {
    // One way in: the values dominate the block, no parameters needed.
    kept[0].from->term.targets[kept[0].successor] = merge;
    state = kept[0].state;
    current = merge;
    b.setBlock(merge);
    return;
  }
  std::vector<std::vector<ir::Value *>> incoming;
  for (const PendingEdge &e : kept)
    incoming.push_back(e.state.flatten());
  size_t n = incoming[0].size();
  b.setBlock(merge);
  // A slot that every way in brings as the same integer constant needs no
  // parameter: the constant anew in the merge, so that its value stays
  // known after it, as UNROLL's bounds and the folds need (a local made
  // before an IF or a word with MAX lost it). (Passing any identical
  // value through the same way moved ptxas's allocation in the
  // register-bound kernels: the mma.sync backward at d128 spilled 112
  // bytes instead of 20, so non-constants keep their parameter.)
  std::vector<ir::Value *> values(n, nullptr), params;
  std::vector<size_t> paramSlots;
  for (size_t i = 0; i < n; ++i) {
    ir::Value *first = incoming[0][i];
    auto constant = ir::IRBuilder::constValue(first);
    bool sameConst = constant.has_value();
    for (const auto &in : incoming)
      sameConst = sameConst && in[i]->type == first->type &&
                  ir::IRBuilder::constValue(in[i]) == constant;
    if (sameConst && first->type == ir::Type::I64) {
      values[i] = b.constInt(*constant);
      continue;
    }
    ir::Type type = first->type;
    bool same = true;
    for (const auto &in : incoming)
      same = same && in[i]->type == type;
    // Kinds that disagree meet as integers: the float's bit pattern.
    values[i] = merge->addParam(same ? type : ir::Type::I64);
    params.push_back(values[i]);
    paramSlots.push_back(i);
  }
  for (size_t k = 0; k < kept.size(); ++k) {
    PendingEdge &e = kept[k];
    std::vector<ir::Value *> args;
    for (size_t j = 0; j < params.size(); ++j)
      args.push_back(b.reinterpret(e.from, incoming[k][paramSlots[j]],
                                   params[j]->type));
    e.from->term.targets[e.successor] = merge;
    e.from->term.args[e.successor] = std::move(args);
  }
  state = MachineState::unflatten(shape, values);
  current = merge;
  b.setBlock(merge);
}

ir::Block *Resolver::openLoopHeader(const Item &item,
                                    MachineState &entryState) {
  ir::Block *header = module.body.newBlock();
  header->loopLoc = item.loc;
  header->loopWord = item.text;
  std::vector<ir::Value *> args = state.flatten();
  std::vector<ir::Value *> views;
  // The back edge is not known yet. An f32 slot could come back holding a
  // 64-bit integer, which an f32 parameter would truncate, so f32 slots
  // cross the header as integer bits (a free move). Register arrays keep
  // their declared kind, so they stay floats.
  size_t firstReg = args.size() - state.regs.size();
  std::vector<bool> widened(args.size(), false);
  for (size_t i = 0; i < args.size(); ++i) {
    ir::Type type = args[i]->type;
    if (type == ir::Type::F32 && i < firstReg) {
      args[i] = b.reinterpret(current, args[i], ir::Type::I64);
      widened[i] = true;
      type = ir::Type::I64;
    }
    views.push_back(header->addParam(type));
  }
  current->term.kind = ir::Terminator::Kind::Br;
  current->term.targets[0] = header;
  current->term.args[0] = args;
  current->term.loc = item.loc;
  current = header;
  b.setBlock(header);
  for (size_t i = 0; i < views.size(); ++i)
    if (widened[i])
      views[i] = b.asFloat(views[i]);
  state = MachineState::unflatten(state, views);
  entryState = state;
  return header;
}

void Resolver::branchBack(const OpenConstruct &loop, const Item &item,
                          const char *construct, ir::Block *from,
                          unsigned successor, const MachineState &s) {
  from->term.targets[successor] = loop.header;
  if (!s.sameShape(loop.headerState)) {
    ++depthErrors;
    // What would make the depth static: a DO loop with constant bounds is
    // unrolled (tryLoop), a BEGIN loop with constant flags run (tryBegin).
    bool isDo = loop.tag == OpenConstruct::Tag::Do;
    diags.error(item.loc,
                std::string(construct) +
                    ": the loop body must keep the "
                    "stack as it was at " +
                    controlWordName(loop.word) + " (line " +
                    std::to_string(loop.loc.line) +
                    "): " + depthSummary(loop.headerState) + " there, " +
                    depthSummary(s) + " at " + item.text +
                    (isDo ? "; for the body to change the depth, the loop "
                            "bounds must be known at compile time (the loop "
                            "is then unrolled)"
                          : "; for the body to change the depth, the loop's "
                            "exit flags must be known at compile time (a "
                            "loop with one WHILE at most is then run while "
                            "compiling)"),
                static_cast<uint32_t>(item.text.size()));
    return;
  }
  std::vector<ir::Value *> values = s.flatten();
  std::vector<ir::Value *> args;
  for (size_t i = 0; i < values.size(); ++i)
    args.push_back(
        b.reinterpret(from, values[i], loop.header->params[i]->type));
  from->term.args[successor] = std::move(args);
}

OpenConstruct *Resolver::innermostDo() {
  for (size_t i = control.size(); i-- > frames.back().controlBase;)
    if (control[i].tag == OpenConstruct::Tag::Do)
      return &control[i];
  return nullptr;
}

void Resolver::applyControl(const Item &item) {
  using Tag = OpenConstruct::Tag;
  auto popConstruct = [&]() {
    OpenConstruct c = std::move(control.back());
    control.pop_back();
    return c;
  };
  if (reachable())
    b.setBlock(current);
  switch (item.control) {
  case ControlWord::If: {
    OpenConstruct orig{Tag::Orig, item.control, item.loc};
    if (reachable() && need(item, 1)) {
      ir::Value *flag = popInt();
      // A flag known at compile time (CAUSAL IF, TPR 2 = IF) resolves
      // only the branch taken, like [IF]: the other may even have another
      // stack effect.
      if (auto known = ir::IRBuilder::constValue(flag)) {
        if (*known == 0)
          orig.edges.push_back(
              branchAway(item, "the path skipping the IF branch"));
        control.push_back(std::move(orig));
        break;
      }
      PendingEdge skip{};
      condBranch(flag, module.body.newBlock(), &skip,
                 "the path skipping the IF branch", item);
      orig.edges.push_back(std::move(skip));
    }
    control.push_back(std::move(orig));
    break;
  }
  case ControlWord::Else: {
    OpenConstruct orig = popConstruct();
    OpenConstruct jump{Tag::Orig, item.control, item.loc};
    if (reachable())
      jump.edges.push_back(branchAway(item, "the IF branch"));
    for (PendingEdge &e : orig.edges)
      e.what = "the ELSE branch";
    mergeEdges(std::move(orig.edges), item, "IF ... ELSE");
    control.push_back(std::move(jump));
    break;
  }
  case ControlWord::Then: {
    OpenConstruct orig = popConstruct();
    std::vector<PendingEdge> edges = std::move(orig.edges);
    if (reachable())
      edges.push_back(branchAway(item, orig.word == ControlWord::Else
                                           ? "the ELSE branch"
                                           : "the IF branch"));
    mergeEdges(std::move(edges), item,
               orig.word == ControlWord::While ? "BEGIN ... WHILE ... THEN"
                                               : "IF ... THEN");
    break;
  }
  case ControlWord::Begin: {
    OpenConstruct dest{Tag::Dest, item.control, item.loc};
    if (reachable())
      dest.header = openLoopHeader(item, dest.headerState);
    control.push_back(std::move(dest));
    break;
  }
  case ControlWord::Until: {
    OpenConstruct dest = popConstruct();
    if (!reachable() || !need(item, 1))
      break;
    ir::Value *flag = popInt();
    ir::Block *exit = module.body.newBlock();
    ir::Terminator &t = current->term;
    t.kind = ir::Terminator::Kind::CondBr;
    t.cond = flag;
    t.targets[0] = exit;
    t.loc = item.loc;
    branchBack(dest, item, "BEGIN ... UNTIL", current, 1, state);
    current = exit;
    b.setBlock(exit);
    break;
  }
  case ControlWord::Again: {
    OpenConstruct dest = popConstruct();
    if (!reachable())
      break;
    current->term.kind = ir::Terminator::Kind::Br;
    current->term.loc = item.loc;
    branchBack(dest, item, "BEGIN ... AGAIN", current, 0, state);
    current = nullptr;
    break;
  }
  case ControlWord::While: {
    OpenConstruct dest = popConstruct();
    OpenConstruct orig{Tag::Orig, item.control, item.loc};
    if (reachable() && need(item, 1)) {
      ir::Value *flag = popInt();
      PendingEdge exit{};
      condBranch(flag, module.body.newBlock(), &exit, "the WHILE exit", item);
      orig.edges.push_back(std::move(exit));
    }
    control.push_back(std::move(orig));
    control.push_back(std::move(dest));
    break;
  }
  case ControlWord::Repeat: {
    OpenConstruct dest = popConstruct();
    OpenConstruct orig = popConstruct();
    if (reachable()) {
      current->term.kind = ir::Terminator::Kind::Br;
      current->term.loc = item.loc;
      branchBack(dest, item, "BEGIN ... WHILE ... REPEAT", current, 0, state);
      current = nullptr;
    }
    mergeEdges(std::move(orig.edges), item, "BEGIN ... WHILE ... REPEAT");
    break;
  }
  case ControlWord::Do:
  case ControlWord::QDo: {
    OpenConstruct loop{Tag::Do, item.control, item.loc};
    if (reachable() && need(item, 2)) {
      ir::Value *start = popInt();
      ir::Value *limit = popInt();
      if (item.control == ControlWord::QDo) {
        // ?DO skips a loop with nothing to do, as C's for does: start at
        // or past the limit in the loop's direction (countsDown).
        ir::Value *same = countsDown(item) ? b.icmp(ir::Pred::LE, start, limit)
                                           : b.icmp(ir::Pred::GE, start, limit);
        ir::Block *enter = module.body.newBlock();
        ir::Terminator &t = current->term;
        t.kind = ir::Terminator::Kind::CondBr;
        t.cond = same;
        t.targets[1] = enter;
        t.loc = item.loc;
        loop.leaves.push_back(
            PendingEdge{current, 0, state, item.loc, "the ?DO skip"});
        current = enter;
        b.setBlock(enter);
      }
      state.loops.push_back(LoopCounter{start, limit});
      loop.header = openLoopHeader(item, loop.headerState);
      // Constant bounds close together: the loop ends by itself unless
      // its +LOOP step turns out not to be a constant (checked there).
      auto s = ir::IRBuilder::constValue(start);
      auto l = ir::IRBuilder::constValue(limit);
      loop.header->loopBounded =
          s && l && *l - *s >= -ir::kBoundedLoopTrips &&
          *l - *s <= ir::kBoundedLoopTrips;
    }
    control.push_back(std::move(loop));
    break;
  }
  case ControlWord::Loop:
  case ControlWord::PlusLoop: {
    OpenConstruct loop = popConstruct();
    bool plus = item.control == ControlWord::PlusLoop;
    if (reachable() && (!plus || need(item, 1)) && !state.loops.empty()) {
      ir::Value *step = plus ? popInt() : nullptr;
      LoopCounter counter = state.loops.back();
      // A +LOOP step that is not a constant other than 0 may never end
      // the loop: it keeps its poll.
      if (plus && loop.header) {
        auto c = ir::IRBuilder::constValue(step);
        if (!c || *c == 0)
          loop.header->loopBounded = false;
      }
      ir::Value *done;
      ir::Value *next;
      if (!plus) {
        next = b.binary(ir::Op::Add, counter.index, b.constInt(1));
        done = b.icmp(ir::Pred::EQ, next, counter.limit);
      } else {
        // C-like +LOOP: leave once the index reaches the limit (a step of
        // 0 or more) or goes below it (a negative step). Where the index
        // starts before the limit this is the standard crossing test; a
        // start already past it leaves after one pass instead of running
        // round all 2^64 values (docs/language.md).
        next = b.binary(ir::Op::Add, counter.index, step);
        ir::Value *up = b.icmp(ir::Pred::GE, step, b.constInt(0));
        done = b.select(up, b.icmp(ir::Pred::GE, next, counter.limit),
                        b.icmp(ir::Pred::LT, next, counter.limit));
      }
      state.loops.back().index = next;
      ir::Terminator &t = current->term;
      t.kind = ir::Terminator::Kind::CondBr;
      t.cond = done;
      t.loc = item.loc;
      branchBack(loop, item, plus ? "DO ... +LOOP" : "DO ... LOOP", current, 1,
                 state);
      loop.leaves.push_back(PendingEdge{current, 0, stateLeavingLoop(loop),
                                        item.loc, "the end of the loop"});
      current = nullptr;
    }
    for (PendingEdge &e : loop.leaves)
      if (e.what.empty())
        e.what = "LEAVE";
    mergeEdges(std::move(loop.leaves), item,
               plus ? "DO ... +LOOP" : "DO ... LOOP");
    break;
  }
  case ControlWord::Leave: {
    if (!reachable())
      break;
    OpenConstruct *loop = innermostDo();
    if (!loop || loop->headerState.loops.empty())
      break;
    PendingEdge edge = branchAway(item, "LEAVE");
    edge.state = stateLeavingLoop(*loop);
    loop->leaves.push_back(std::move(edge));
    break;
  }
  case ControlWord::Unloop:
    // Loop counters live in the compiler, not on a return stack: EXIT
    // already drops them, so UNLOOP has nothing to do.
    break;
  case ControlWord::Exit: {
    if (!reachable())
      break;
    if (frames.size() == 1) {
      current->term.kind = ir::Terminator::Kind::Ret;
      current->term.loc = item.loc;
      current = nullptr;
      break;
    }
    PendingEdge edge = branchAway(item, "EXIT");
    edge.state = stateForExit(frames.back());
    frames.back().exits.push_back(std::move(edge));
    break;
  }
  }
}

bool resolveProgram(const Program &program, DiagnosticEngine &diags,
                    ir::Module &module) {
  return Resolver(program, diags, module).run();
}

} // namespace wf
