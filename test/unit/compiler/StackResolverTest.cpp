// Unit tests for the stack resolver: the stack becomes SSA values.
#include "compiler/resolver/StackResolver.h"
#include "compiler/ir/AddressOrigins.h"
#include "compiler/ir/IRBuilder.h"
#include "compiler/parser/Parser.h"

#include <catch2/catch.hpp>

using namespace wf;

namespace {
struct Resolved {
  SourceManager sources;
  DiagnosticEngine diags{sources};
  Program program;
  ir::Module module;
  bool ok = false;
  explicit Resolved(const std::string &body) {
    uint32_t file = sources.addFile(
        "r.forth",
        "\\! kernel k\n\\! param D i64[16]\n\\! param N i64\n" + body + "\n");
    ParseOptions options;
    ok = parseProgram(sources, diags, 0, file, options, program) &&
         resolveProgram(program, diags, module);
  }
  size_t count(ir::Op op) const {
    size_t n = 0;
    for (const auto &block : module.body.blocks)
      for (const auto &inst : block->insts)
        n += inst->op == op;
    return n;
  }
  std::string firstError() const {
    return diags.all().empty() ? "" : diags.all()[0].message;
  }
};
} // namespace

TEST_CASE("stack shuffles cost no instructions") {
  Resolved r("1 2 3 ROT SWAP OVER NIP TUCK DROP 2 PICK D ! D ! D ! D !");
  REQUIRE(r.ok);
  CHECK(r.count(ir::Op::Store) == 4);
  CHECK(r.count(ir::Op::Load) == 0);
  CHECK(r.count(ir::Op::Select) == 0);
  // 1 2 3 ROT -> 2 3 1, SWAP -> 2 1 3, OVER -> 2 1 3 1, NIP -> 2 1 1,
  // TUCK -> 2 1 1 1, DROP -> 2 1 1, 2 PICK -> 2 1 1 2; stored top first.
  std::vector<int64_t> stored;
  for (const auto &inst : r.module.body.blocks[0]->insts)
    if (inst->op == ir::Op::Store)
      stored.push_back(ir::IRBuilder::constValue(inst->operands[0]).value());
  CHECK(stored == std::vector<int64_t>{2, 1, 1, 2});
}

TEST_CASE("a computed PICK selects among the known slots") {
  Resolved r("10 20 30 N PICK D !");
  REQUIRE(r.ok);
  CHECK(r.count(ir::Op::Select) == 2);
  CHECK(r.count(ir::Op::Load) == 0);
}

TEST_CASE("a computed ROLL permutes slots with selects") {
  Resolved r("10 20 30 N ROLL D ! D ! D !");
  REQUIRE(r.ok);
  CHECK(r.count(ir::Op::Select) >= 3);
  CHECK(r.count(ir::Op::Load) == 0);
}

TEST_CASE("IF/ELSE merges slots through block parameters") {
  Resolved r("N IF 1 ELSE 2.5 THEN D !");
  REQUIRE(r.ok);
  // One merge block with one parameter; int and float meet as integer bits.
  size_t params = 0;
  for (const auto &block : r.module.body.blocks) {
    params += block->params.size();
    for (const auto &p : block->params)
      CHECK(p->type == ir::Type::I64);
  }
  CHECK(params == 1);
  CHECK(r.count(ir::Op::FloatToBits) == 1);
}

TEST_CASE("branches that leave different depths are an error") {
  Resolved r("N IF 1 2 ELSE 3 THEN D !");
  CHECK_FALSE(r.ok);
  CHECK(r.firstError().find("stack depth 2") != std::string::npos);
  CHECK(r.firstError().find("stack depth 1") != std::string::npos);
}

TEST_CASE("a loop body must keep the depth") {
  // A run-time flag: the depth cannot become static. (With constant flags
  // the loop is run while compiling: '0 BEGIN 1 DUP UNTIL' leaves 0 1.)
  Resolved r("0 BEGIN 1 N UNTIL D !");
  CHECK_FALSE(r.ok);
  CHECK(r.firstError().find("UNTIL needs a flag known at compile time") !=
        std::string::npos);
  Resolved two("BEGIN N WHILE N WHILE 5 REPEAT THEN");
  CHECK_FALSE(two.ok);
  CHECK(two.firstError().find("BEGIN ... WHILE ... REPEAT") !=
        std::string::npos);
  // Run-time bounds: the depth cannot become static. (With constant bounds
  // the loop is unrolled: the next case.)
  Resolved d("N 0 DO 1 LOOP");
  CHECK_FALSE(d.ok);
  CHECK(d.firstError().find("DO ... LOOP") != std::string::npos);
  CHECK(d.firstError().find("bounds must be known at compile time") !=
        std::string::npos);
}

TEST_CASE("a constant-bound DO loop that changes the depth is unrolled") {
  // The public meaning: ten cells 0..9, so the sum is 45, folded.
  Resolved r("10 0 DO I LOOP 9 0 DO + LOOP D !");
  REQUIRE(r.ok);
  REQUIRE(r.count(ir::Op::Store) == 1);
  const ir::Inst *store = nullptr;
  size_t branches = 0; // conditional: a loop's back edge
  for (const auto &block : r.module.body.blocks) {
    branches += block->term.kind == ir::Terminator::Kind::CondBr;
    for (const auto &inst : block->insts)
      if (inst->op == ir::Op::Store)
        store = inst.get();
  }
  CHECK(branches == 0);
  REQUIRE(store);
  CHECK(ir::IRBuilder::constValue(store->operands[0]) == 45);
  // A loop that keeps the depth stays a loop.
  Resolved loop("0 10 0 DO I + LOOP D !");
  REQUIRE(loop.ok);
  branches = 0;
  for (const auto &block : loop.module.body.blocks)
    branches += block->term.kind == ir::Terminator::Kind::CondBr;
  CHECK(branches == 1);
  // Reading below the bottom of the stack stays an error.
  Resolved under("1 2 3 0 DO + LOOP D !");
  CHECK_FALSE(under.ok);
  CHECK(under.firstError().find("stack underflow") != std::string::npos);
}

TEST_CASE("loops carry slots and counters through the header") {
  Resolved r("0 N 0 DO I + LOOP D !");
  REQUIRE(r.ok);
  // Header parameters: the accumulator, the index and the limit.
  CHECK(r.module.body.blocks[1]->params.size() == 3);
}

TEST_CASE("underflow names the word and the depth") {
  Resolved r("1 +");
  CHECK_FALSE(r.ok);
  CHECK(r.firstError() ==
        "stack underflow: '+' needs 2 items but the stack holds 1");
}

TEST_CASE("words are inlined and EXIT merges at the word's end") {
  Resolved r(": clamp ( n -- n ) DUP 0 < IF DROP 0 EXIT THEN ;\n"
             "N clamp D ! N clamp D !");
  REQUIRE(r.ok);
  CHECK(r.count(ir::Op::Store) == 2);
  CHECK(r.count(ir::Op::ICmp) == 2);
}

TEST_CASE("locals bind in declaration order and TO updates them") {
  Resolved r(": f { a b -- } a D ! b D ! 7 TO a a D ! ;\n1 2 f");
  REQUIRE(r.ok);
  std::vector<int64_t> stored;
  for (const auto &block : r.module.body.blocks)
    for (const auto &inst : block->insts)
      if (inst->op == ir::Op::Store)
        stored.push_back(ir::IRBuilder::constValue(inst->operands[0]).value());
  CHECK(stored == std::vector<int64_t>{1, 2, 7});
}

TEST_CASE("multi-WHILE loops resolve") {
  Resolved r("20 BEGIN DUP 10 > WHILE DUP 2 MOD 0= WHILE 1 - REPEAT THEN D !");
  REQUIRE(r.ok);
}

TEST_CASE("runaway inlining is stopped with an error, not a hang") {
  std::string words = ": w0 1 DROP ;\n";
  for (int i = 1; i < 40; ++i)
    words += ": w" + std::to_string(i) + " w" + std::to_string(i - 1) + " w" +
             std::to_string(i - 1) + " ;\n";
  Resolved r(words + "w39");
  CHECK_FALSE(r.ok);
  CHECK(r.firstError().find("kernel too large") != std::string::npos);
}

TEST_CASE("address origins follow loops to a fixed point") {
  // The pointer enters the loop as T and comes back as itself plus 8: the
  // header parameter is T's, and the store keeps a shared address as data.
  Resolved r("\\! shared T i64[8]\nT N 0 DO 8 + LOOP D !");
  REQUIRE(r.ok);
  ir::AddressOrigins origins(r.module.body);
  const ir::Block &header = *r.module.body.blocks[1];
  REQUIRE(!header.params.empty());
  ir::AddressOrigin pointer = origins.of(header.params[0].get());
  CHECK(pointer.shared == 0);
  CHECK_FALSE(pointer.mayBeGlobal());
  // The loop counter is no address.
  CHECK(origins.of(header.params[1].get()).empty());
}

TEST_CASE("memory words must get addresses of their own memory") {
  Resolved ok("\\! shared T i64[8]\nT N 0 DO DUP S@ DROP 8 + LOOP DROP");
  CHECK(ok.ok);
  Resolved bad("\\! shared T i64[8]\nT N 0 DO DUP @ DROP 8 + LOOP DROP");
  CHECK_FALSE(bad.ok);
  CHECK(bad.firstError() == "'@' reads global memory but its address is in "
                            "the shared array 'T': use S@");
  Resolved param("D 8 + S@ DROP");
  CHECK_FALSE(param.ok);
  CHECK(param.firstError().find("array param 'D'") != std::string::npos);
}

TEST_CASE("a BEGIN loop with constant flags that changes the depth is run") {
  // 0 1 2 3 4 5, summed by five '+': 15, folded.
  Resolved r("0 BEGIN DUP 1 + DUP 5 = UNTIL 5 0 DO + LOOP D !");
  REQUIRE(r.ok);
  const ir::Inst *store = nullptr;
  for (const auto &block : r.module.body.blocks)
    for (const auto &inst : block->insts)
      if (inst->op == ir::Op::Store)
        store = inst.get();
  REQUIRE(store);
  CHECK(ir::IRBuilder::constValue(store->operands[0]) == 15);
  // One that never ends is stopped by the budget, not a hang.
  Resolved endless("BEGIN 1 0 UNTIL");
  CHECK_FALSE(endless.ok);
  CHECK(endless.firstError().find("kernel too large") != std::string::npos);
}
