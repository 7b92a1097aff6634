//===- StackResolver.cpp - Walking items, inlining words, control flow ----===//
#include "compiler/resolver/StackResolver.h"

#include "compiler/resolver/Resolver.h"

namespace wf {

// A generous bound on inlined work: beyond it the kernel would take LLVM
// minutes to compile, and exponential inlining is almost surely a mistake.
static constexpr size_t maxResolvedItems = 2'000'000;
static constexpr size_t maxInlineDepth = 256;

Resolver::Resolver(const Program &program, DiagnosticEngine &diags,
                   ir::Module &module)
    : program(program), diags(diags), module(module),
      b(module.body, program.header.floatMode) {}

bool Resolver::run() {
  module.header = program.header;
  current = module.body.newBlock();
  b.setBlock(current);
  b.setLoc(program.header.loc);
  Frame kernel{&program.kernel, 0, 0, 0, {}};
  if (!program.kernel.locals.empty())
    state.locals.assign(program.kernel.locals.size(), b.constInt(0));
  frames.push_back(kernel);
  for (const Item &item : program.kernel.body) {
    resolveItem(item);
    if (tooLarge || diags.saturated())
      break;
  }
  if (reachable())
    current->term.kind = ir::Terminator::Kind::Ret;
  return !diags.hasErrors();
}

bool Resolver::need(const Item &item, size_t count) {
  if (state.data.size() >= count)
    return true;
  std::string where;
  if (frames.size() > 1)
    where = " (in '" + frames.back().def->name + "')";
  diags.error(item.loc,
              "stack underflow: '" + item.text + "' needs " +
                  std::to_string(count) + (count == 1 ? " item" : " items") +
                  " but the stack holds " + std::to_string(state.data.size()) +
                  where,
              static_cast<uint32_t>(item.text.size()));
  current = nullptr; // stop simulating this path
  return false;
}

void Resolver::resolveItem(const Item &item) {
  if (tooLarge)
    return;
  if (++itemsResolved > maxResolvedItems) {
    diags.error(item.loc, "kernel too large: more than " +
                              std::to_string(maxResolvedItems) +
                              " words after inlining every call");
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
    if (p.isArray)
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
  case ItemKind::Control:
    break;
  }
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
  Frame frame{&def, state.locals.size(), state.loops.size(), control.size(),
              {}};
  if (!def.locals.empty())
    state.locals.resize(state.locals.size() + def.locals.size(),
                        b.constInt(0));
  frames.push_back(std::move(frame));
  for (const Item &inner : def.body) {
    resolveItem(inner);
    if (tooLarge)
      break;
  }
  Frame done = std::move(frames.back());
  frames.pop_back();
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
  size_t outer = loop.headerState.loops.empty()
                     ? 0
                     : loop.headerState.loops.size() - 1;
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
      diags.error(item.loc,
                  std::string("paths meeting at ") + item.text + " (" +
                      construct + ") disagree: " + firstWhat +
                      " leaves " + depthSummary(shape) + ", " + e.what +
                      " leaves " + depthSummary(e.state),
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
  std::vector<ir::Value *> params;
  for (size_t i = 0; i < n; ++i) {
    ir::Type type = incoming[0][i]->type;
    bool same = true;
    for (const auto &values : incoming)
      same = same && values[i]->type == type;
    // Kinds that disagree meet as integers: the float's bit pattern.
    params.push_back(merge->addParam(same ? type : ir::Type::I64));
  }
  for (size_t k = 0; k < kept.size(); ++k) {
    PendingEdge &e = kept[k];
    std::vector<ir::Value *> args;
    for (size_t i = 0; i < n; ++i)
      args.push_back(b.reinterpret(e.from, incoming[k][i], params[i]->type));
    e.from->term.targets[e.successor] = merge;
    e.from->term.args[e.successor] = std::move(args);
  }
  state = MachineState::unflatten(shape, params);
  current = merge;
  b.setBlock(merge);
}

ir::Block *Resolver::openLoopHeader(const Item &item,
                                    MachineState &entryState) {
  ir::Block *header = module.body.newBlock();
  std::vector<ir::Value *> args = state.flatten();
  std::vector<ir::Value *> params;
  for (ir::Value *v : args)
    params.push_back(header->addParam(v->type));
  current->term.kind = ir::Terminator::Kind::Br;
  current->term.targets[0] = header;
  current->term.args[0] = args;
  current->term.loc = item.loc;
  state = MachineState::unflatten(state, params);
  entryState = state;
  current = header;
  b.setBlock(header);
  return header;
}

void Resolver::branchBack(const OpenConstruct &loop, const Item &item,
                          const char *construct, ir::Block *from,
                          unsigned successor, const MachineState &s) {
  from->term.targets[successor] = loop.header;
  if (!s.sameShape(loop.headerState)) {
    diags.error(item.loc,
                std::string(construct) + ": the loop body must keep the "
                                         "stack as it was at " +
                    controlWordName(loop.word) + " (line " +
                    std::to_string(loop.loc.line) + "): " +
                    depthSummary(loop.headerState) + " there, " +
                    depthSummary(s) + " at " + item.text,
                static_cast<uint32_t>(item.text.size()));
    return;
  }
  std::vector<ir::Value *> values = s.flatten();
  std::vector<ir::Value *> params = loop.headerState.flatten();
  std::vector<ir::Value *> args;
  for (size_t i = 0; i < values.size(); ++i)
    args.push_back(b.reinterpret(from, values[i], params[i]->type));
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
      edges.push_back(branchAway(
          item, orig.word == ControlWord::Else ? "the ELSE branch"
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
        // ?DO skips the loop when start equals limit.
        ir::Value *same = b.icmp(ir::Pred::EQ, start, limit);
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
      ir::Value *done;
      ir::Value *next;
      if (!plus) {
        next = b.binary(ir::Op::Add, counter.index, b.constInt(1));
        done = b.icmp(ir::Pred::EQ, next, counter.limit);
      } else {
        // Standard +LOOP: leave when the index crosses the boundary
        // between limit-1 and limit, in either direction.
        ir::Value *oldDiff = b.binary(ir::Op::Sub, counter.index,
                                      counter.limit);
        ir::Value *newDiff = b.binary(ir::Op::Add, oldDiff, step);
        ir::Value *crossed =
            b.binary(ir::Op::And, b.binary(ir::Op::Xor, oldDiff, newDiff),
                     b.binary(ir::Op::Xor, oldDiff, step));
        done = b.icmp(ir::Pred::LT, crossed, b.constInt(0));
        next = b.binary(ir::Op::Add, counter.index, step);
      }
      state.loops.back().index = next;
      ir::Terminator &t = current->term;
      t.kind = ir::Terminator::Kind::CondBr;
      t.cond = done;
      t.loc = item.loc;
      branchBack(loop, item, plus ? "DO ... +LOOP" : "DO ... LOOP", current,
                 1, state);
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
    if (!loop || !loop->header)
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
