//===- Resolver.h - The resolver's internals (shared by its .cpp files) ---===//
#ifndef WARPFORTH_COMPILER_RESOLVER_RESOLVER_H
#define WARPFORTH_COMPILER_RESOLVER_RESOLVER_H

#include "compiler/ir/IRBuilder.h"
#include "compiler/parser/AST.h"
#include "compiler/resolver/PrimitiveRows.h"
#include "compiler/resolver/ResolverState.h"
#include "compiler/support/Diagnostics.h"

#include <optional>
#include <vector>

namespace wf {

/// One open control structure during resolution.
struct OpenConstruct {
  enum class Tag { Orig, Dest, Do } tag;
  ControlWord word;
  SourceLoc loc;
  // Orig: the branches waiting for THEN / REPEAT / ELSE.
  std::vector<PendingEdge> edges;
  // Dest and Do: the loop header (null when the loop is unreachable) and
  // the state shape its parameters hold.
  ir::Block *header = nullptr;
  MachineState headerState;
  // Do: LEAVE branches and the ?DO skip, resolved after LOOP.
  std::vector<PendingEdge> leaves;
};

/// The inlining context of the word being resolved.
struct Frame {
  const WordDef *def;
  size_t localsBase;
  size_t loopsBase;
  size_t controlBase;
  std::vector<PendingEdge> exits; // EXIT branches to the word's end
  SourceLoc callLoc{};            // where the word was called
  uint32_t callLength = 1;
};

class Resolver {
public:
  Resolver(const Program &program, DiagnosticEngine &diags, ir::Module &module);
  bool run();

private:
  // Walking items.
  /// Resolves body[begin, end), unrolling UNROLL DO loops.
  void resolveRange(const std::vector<Item> &body, size_t begin, size_t end);
  /// Resolves the UNROLL DO at body[doIndex]; returns its LOOP's index.
  /// `implicit`: unrolled because its body changes the stack depth.
  size_t unrollLoop(const std::vector<Item> &body, size_t doIndex,
                    bool implicit = false);
  /// Resolves the DO at body[doIndex], whose bounds are constants, as a
  /// loop; if its body then changes the stack depth, takes that back and
  /// unrolls it. Returns its LOOP's index.
  size_t tryLoop(const std::vector<Item> &body, size_t doIndex);
  /// What a trial (tryLoop, tryBegin) takes back when it fails.
  struct Trial {
    MachineState state;
    ir::Block *block;
    size_t insts;
    ir::Terminator term;
    size_t blocks, control, exits, uses;
    DiagnosticEngine::Checkpoint diags;
    unsigned depthErrors;
  };
  Trial startTrial();
  void rollback(const Trial &t);
  /// The same for the BEGIN at body[beginIndex]: if its body changes the
  /// depth, the loop is run while compiling, each exit flag a constant.
  /// Returns the index of its UNTIL, REPEAT or AGAIN.
  size_t tryBegin(const std::vector<Item> &body, size_t beginIndex);
  /// Whether body[i] is a DO or ?DO whose bounds are constants here.
  bool constantBoundsDo(const Item &item) const;
  /// Whether a DO/?DO loop counts down: its +LOOP's step is a negative
  /// literal or constant (`-1 +LOOP`). Any other loop counts up, which
  /// decides when ?DO skips it.
  bool countsDown(const Item &doItem) const;
  void resolveItem(const Item &item);
  /// Adds `cost` to the work budget; past it, reports that the kernel is
  /// too large and returns false.
  bool charge(const Item &item, size_t cost);
  void inlineCall(const Item &item);
  void applyPrimitive(const Item &item);
  void applyControl(const Item &item);

  // Stack access. `need` reports underflow and makes the rest unreachable.
  bool need(const Item &item, size_t count);
  ir::Value *pop() {
    ir::Value *v = state.data.back();
    state.data.pop_back();
    return v;
  }
  void push(ir::Value *v) { state.data.push_back(v); }
  ir::Value *popInt() { return b.asInt(pop()); }
  ir::Value *popFloat() { return b.asFloat(pop()); }
  bool reachable() const { return current != nullptr; }

  // Primitive words (Primitives.cpp): one lowering per family of
  // Primitives.def, and the hand-written handlers its Custom rows name.
  std::vector<ir::Value *> popOperands(const char *kinds);
  /// Warns where an integer reaches a float operand of the word being
  /// applied (`1.0 2 F*`): its bits would be read as a float
  /// (KindWarnings.cpp).
  void warnIfIntegerAsFloat(ir::Value *v);
  ir::Type cellType(char kind) const;
  ElemType floatElem() const;
  void lowerOp(const Item &, const PrimitiveInfo &, ir::Op op);
  void lowerCmp(const Item &, const PrimitiveInfo &, ir::Pred pred);
  void lowerLoad(const Item &, const PrimitiveInfo &, rows::MemWord word);
  void lowerStore(const Item &, const PrimitiveInfo &, rows::MemWord word);
  void lowerLoadVec(const Item &, const PrimitiveInfo &, rows::VecWord word);
  void lowerStoreVec(const Item &, const PrimitiveInfo &, rows::VecWord word);
  void lowerAtomic(const Item &, const PrimitiveInfo &, rows::AtomWord word);
  void lowerShfl(const Item &, const PrimitiveInfo &, ir::ShflMode mode);
  void lowerSpecial(const Item &, const PrimitiveInfo &, ir::SpecialReg reg);
  void lowerConst(const Item &, const PrimitiveInfo &, int64_t value);
  void lowerScale(const Item &, const PrimitiveInfo &, int64_t bytes);
  void lowerLoopIndex(const Item &item, const PrimitiveInfo &, unsigned depth);
  void lowerTarget(const Item &item, const PrimitiveInfo &info,
                   const char *intrinsic);
  void lowerTargetSwapped(const Item &item, const PrimitiveInfo &info,
                          const char *intrinsic);
  void lowerMma(const Item &item, const PrimitiveInfo &info, ir::MmaKind kind);
  void lowerMatrix(const Item &item, const PrimitiveInfo &info,
                   rows::MatrixWord word);
  void lowerAsync(const Item &item, const PrimitiveInfo &info,
                  ir::AsyncKind kind);
  void lowerCustom(const Item &item, const PrimitiveInfo &,
                   void (Resolver::*handler)(const Item &));
  void dup(const Item &);
  void drop(const Item &);
  void swap(const Item &);
  void over(const Item &);
  void rot(const Item &);
  void nip(const Item &);
  void tuck(const Item &);
  void pick(const Item &item);
  void roll(const Item &item);
  void toR(const Item &);
  void rFrom(const Item &item);
  void rFetch(const Item &item);
  void bitNot(const Item &);
  void globalId(const Item &);
  void warpId(const Item &);
  void tf32Split(const Item &);
  void unpackBF16x2(const Item &);
  void unpackF16x2(const Item &);
  void cpAsyncWait(const Item &item);
  // Hopper's warpgroup words (WarpgroupWords.cpp).
  void wgmmaDesc(const Item &item);
  void wgmma(const Item &item);
  void wgmmaFence(const Item &);
  void wgmmaCommit(const Item &);
  void wgmmaWait(const Item &item);
  void setMaxNReg(const Item &item);
  /// Pops an integer that must be a compile-time constant in [lo, hi];
  /// otherwise reports "'WORD' needs `what` known when compiling".
  std::optional<int64_t> constOperand(const Item &item, const char *what,
                                      int64_t lo, int64_t hi);
  std::vector<std::pair<size_t, size_t>> accumulatorSlots() const;
  void throughAccumulators(ir::Op op, int64_t imm,
                           std::vector<ir::Value *> operands,
                           const std::vector<std::pair<size_t, size_t>> &slots);
  ir::Value *specialReg(ir::SpecialReg reg);
  void loopIndex(const Item &item, unsigned depth);
  void regAccess(const Item &item);
  /// Records that the kernel needs sm_<sm> or newer (checked by codegen).
  void requireSm(const Item &item, unsigned sm);

  /// A memory word's address operand, checked against the word's memory
  /// space once the whole kernel is resolved (loops carry addresses).
  struct AddressUse {
    const ir::Inst *inst;
    unsigned operand;
    ir::AddrSpace space;
    Prim prim;
    SourceLoc loc;
    std::string text; // the word as written
    // Inside a word: the kernel body's call that led here, for a note.
    const WordDef *calledWord = nullptr;
    SourceLoc callLoc{};
    uint32_t callLength = 1;
  };
  void useAddress(const Item &item, const ir::Inst *inst, unsigned operand,
                  ir::AddrSpace space);
  /// Reports global words on shared addresses and shared words on array
  /// params (ir/AddressOrigins.h).
  void checkAddressSpaces();

  // Control flow.
  PendingEdge branchAway(const Item &item, std::string what);
  void condBranch(ir::Value *flag, ir::Block *ifTrue, PendingEdge *ifFalse,
                  const std::string &falseWhat, const Item &item);
  void mergeEdges(std::vector<PendingEdge> edges, const Item &item,
                  const char *construct);
  ir::Block *openLoopHeader(const Item &item, MachineState &entryState);
  void branchBack(const OpenConstruct &loop, const Item &item,
                  const char *construct, ir::Block *from, unsigned successor,
                  const MachineState &state);
  MachineState stateForExit(const Frame &frame) const;
  MachineState stateLeavingLoop(const OpenConstruct &loop) const;
  OpenConstruct *innermostDo();
  std::string depthSummary(const MachineState &s) const;

  const Program &program;
  DiagnosticEngine &diags;
  ir::Module &module;
  ir::IRBuilder b;
  MachineState state;
  ir::Block *current = nullptr; // null: this point is unreachable
  std::vector<OpenConstruct> control;
  std::vector<Frame> frames;
  size_t itemsResolved = 0;
  const Item *applying = nullptr; // the primitive applyPrimitive is applying
  unsigned vectorLoads = 0;       // numbers LoadLane groups
  unsigned mmaGroups = 0;         // numbers MmaLane and MatrixLoad groups
  unsigned targetWordGroups = 0;  // numbers TargetWord groups
  std::vector<size_t> regOffsets; // where each register array starts
  std::vector<AddressUse> addressUses;
  /// The tensor-map operands of TMA words, checked with the addresses.
  std::vector<AddressUse> tensorMapUses;
  bool tooLarge = false;
  /// Errors that a different stack depth could avoid (paths or a loop that
  /// disagree, underflow): a DO loop on trial that sees one is unrolled.
  unsigned depthErrors = 0;
};

} // namespace wf

#endif
