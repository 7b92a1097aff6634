// The word tables (compiler/words/Primitives.def, Syntax.def) against what
// the rest of the compiler assumes of them.
#include "compiler/codegen/HostWords.h"
#include "compiler/parser/Parser.h"
#include "compiler/words/Words.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Intrinsics.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <set>
#include <sstream>

using namespace wf;

namespace {
/// The cells before and after `--` in the first group of a stack effect
/// ("( a b -- a+b ) ( R: ... )" gives 2 and 1).
std::pair<size_t, size_t> effectArity(const std::string &effect) {
  std::istringstream words(effect.substr(0, effect.find(')')));
  std::string w;
  size_t in = 0, out = 0;
  bool after = false;
  while (words >> w) {
    if (w == "(")
      continue;
    if (w == "--")
      after = true;
    else
      ++(after ? out : in);
  }
  return {in, out};
}

std::string firstError(const std::string &source) {
  SourceManager sources;
  DiagnosticEngine diags{sources};
  Program program;
  uint32_t file = sources.addFile("t.forth", source);
  ParseOptions options;
  parseProgram(sources, diags, 0, file, options, program);
  return diags.all().empty() ? "" : diags.all()[0].message;
}
} // namespace

TEST_CASE("each primitive's kinds match its stack effect") {
  for (unsigned i = 0; i < primitiveCount(); ++i) {
    const PrimitiveInfo &info = primitiveInfo(static_cast<Prim>(i));
    INFO(info.name << " " << info.effect);
    REQUIRE(std::string(info.effect).rfind("( ", 0) == 0);
    if (info.in[0] == '*')
      continue; // PICK, ROLL: the count depends on the program
    auto [in, out] = effectArity(info.effect);
    CHECK(std::strlen(info.in) == in);
    CHECK(std::strlen(info.out) == out);
    CHECK(std::strspn(info.in, "ifa") == in);
    CHECK(std::strspn(info.out, "ifa") == out);
  }
}

TEST_CASE("word names are unique across both tables") {
  std::set<std::string> names;
  for (unsigned i = 0; i < primitiveCount(); ++i)
    CHECK(names.insert(primitiveName(static_cast<Prim>(i))).second);
  for (unsigned i = 0; i < syntaxWordCount(); ++i) {
    std::string name = syntaxWordName(static_cast<SyntaxWord>(i));
    INFO(name);
    CHECK(names.insert(name).second);
    CHECK(lookupSyntaxWord(name) == static_cast<SyntaxWord>(i));
  }
}

TEST_CASE("no syntax word can be defined or made a constant") {
  for (unsigned i = 0; i < syntaxWordCount(); ++i) {
    std::string name = syntaxWordName(static_cast<SyntaxWord>(i));
    INFO(name);
    std::string reserved = "'" + name + "' is reserved syntax";
    CHECK(firstError("\\! kernel k\n: " + name + " 1 DROP ;\n")
              .rfind(reserved, 0) == 0);
    CHECK(firstError("\\! kernel k\n64 CONSTANT " + name + "\n")
              .rfind(reserved, 0) == 0);
  }
}

TEST_CASE("every target word has an intrinsic and a CPU meaning") {
  std::set<std::string> symbols;
  for (const codegen::HostWord &word : codegen::hostWords())
    symbols.insert(word.symbol);
  size_t targetWords = 0;
  for (unsigned i = 0; i < primitiveCount(); ++i) {
    auto prim = static_cast<Prim>(i);
    const PrimitiveInfo &info = primitiveInfo(prim);
    std::string family = info.family;
    if (family != "Target" && family != "TargetSwapped")
      continue;
    ++targetWords;
    INFO(info.name);
    llvm::Intrinsic::ID id =
        llvm::Function::lookupIntrinsicID(targetIntrinsic(prim));
    REQUIRE(id != llvm::Intrinsic::not_intrinsic);
    CHECK_FALSE(llvm::Intrinsic::isOverloaded(id));
    CHECK(symbols.count(std::string("wf_word_") + info.enumName) == 1);
  }
  // And no CPU meaning without its row.
  CHECK(symbols.size() == targetWords);
}
