//===- Parser.cpp - Definitions, name binding and control nesting ---------===//
//
// Forth binds each name when the word that uses it is compiled, so the
// parser resolves every word to exactly one meaning (local, user word,
// header name, primitive) as it goes. It also checks that control words
// nest (IF..THEN, BEGIN..WHILE..REPEAT, DO..LOOP) with the same
// control-flow stack discipline as a Forth compiler; the resolver relies on
// that and only has to work out stack effects.
//
//===----------------------------------------------------------------------===//
#include "compiler/parser/Parser.h"
#include "common/Error.h"
#include "common/FileIO.h"

#include "compiler/lexer/Lexer.h"
#include "compiler/parser/HeaderParser.h"
#include "compiler/parser/TypeParams.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace wf {

namespace {
// As for the kernel file itself (compiler/driver/Compiler.h).
constexpr uint64_t kMaxIncludeBytes = 16 << 20;

/// What an open control structure left on the compile-time control stack.
enum class ControlTag { Orig, Dest, Do };

struct OpenControl {
  ControlTag tag;
  ControlWord word; // the word that opened it, for messages
  SourceLoc loc;
  size_t item = 0;     // Do: where the DO item sits in the body
  unsigned serial = 0; // which structure: a closed one from its successor
};

/// Where a local was declared, for the warning about a local used after
/// the structure that declared it closed while it hides another.
struct LocalOrigin {
  SourceLoc loc;
  unsigned serial = 0;           // innermost open structure (0: none)
  std::optional<unsigned> hides; // the local of that name it hides
  bool warned = false;
};

/// Levenshtein distance, for "did you mean" hints.
unsigned editDistance(const std::string &a, const std::string &b) {
  std::vector<unsigned> row(b.size() + 1);
  for (unsigned j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (unsigned i = 1; i <= a.size(); ++i) {
    unsigned prev = row[0];
    row[0] = i;
    for (unsigned j = 1; j <= b.size(); ++j) {
      unsigned cur = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1,
                         prev + (a[i - 1] == b[j - 1] ? 0u : 1u)});
      prev = cur;
    }
  }
  return row[b.size()];
}

class ProgramParser {
public:
  ProgramParser(SourceManager &sources, DiagnosticEngine &diags,
                const ParseOptions &options, Program &program)
      : sources(sources), diags(diags), options(options), program(program) {}

  void parsePrelude(uint32_t file) {
    inPrelude = true;
    pushFile(file);
    parseCode();
    inPrelude = false;
  }

  void parseMain(uint32_t file) {
    files.clear();
    includeStack.clear();
    std::vector<Token> tokens = lexFile(sources, file, diags);
    // The header: the leading directives, after the type parameters are
    // spliced in (`\! type`, TypeParams.h), here and in INCLUDEd files.
    size_t i = 0;
    while (i < tokens.size() && tokens[i].kind == TokenKind::Directive)
      ++i;
    std::map<std::string, std::string> defines = options.defines;
    typeParams = collectTypeParams(tokens, i, defines, diags);
    spliceTypeParams(tokens, typeParams, diags);
    HeaderParser headerParser(program.header, diags);
    for (const TypeParam &p : typeParams)
      headerParser.declareTypeParam(p.nameTok);
    for (size_t k = 0; k < i; ++k)
      headerParser.addDirective(tokens[k], k == 0);
    SourceLoc start{file, 1, 1};
    if (!tokens.empty() && tokens[0].kind != TokenKind::EndOfFile)
      start = tokens[0].loc;
    headerParser.finish(defines, options.floatMode, start);
    bindHeaderNames();
    tokens.erase(tokens.begin(), tokens.begin() + i);
    program.kernel.name = program.header.name;
    program.kernel.loc = program.header.loc;
    files.push_back({std::move(tokens), 0, file});
    includeStack.push_back(file);
    parseCode();
  }

private:
  struct TokenStream {
    std::vector<Token> tokens;
    size_t pos;
    uint32_t file;
  };

  void pushFile(uint32_t file) {
    std::vector<Token> tokens = lexFile(sources, file, diags);
    if (!inPrelude)
      spliceTypeParams(tokens, typeParams, diags);
    files.push_back({std::move(tokens), 0, file});
    includeStack.push_back(file);
  }

  /// The next token, stepping out of finished INCLUDEd files.
  const Token &next() {
    while (files.size() > 1 &&
           files.back().tokens[files.back().pos].kind == TokenKind::EndOfFile) {
      files.pop_back();
      includeStack.pop_back();
    }
    TokenStream &s = files.back();
    const Token &tok = s.tokens[s.pos];
    if (tok.kind != TokenKind::EndOfFile)
      ++s.pos;
    return tok;
  }

  void bindHeaderNames() {
    const KernelHeader &h = program.header;
    // The header comes after the prelude, so its names shadow prelude words
    // (a param called MIN means the param); later user words shadow both.
    auto shadowPrelude = [&](const std::string &name) {
      wordIndex.erase(upperCase(name));
    };
    for (const ParamDecl &p : h.params)
      shadowPrelude(p.name);
    for (const SharedDecl &s : h.shared)
      shadowPrelude(s.name);
    for (const ConstDecl &c : h.consts)
      shadowPrelude(c.name);
    for (const RegDecl &r : h.regs) {
      shadowPrelude(r.name + "@");
      shadowPrelude(r.name + "!");
    }
    for (unsigned i = 0; i < h.params.size(); ++i)
      headerNames[upperCase(h.params[i].name)] = {ItemKind::ParamRef, i};
    for (unsigned i = 0; i < h.shared.size(); ++i)
      headerNames[upperCase(h.shared[i].name)] = {ItemKind::SharedRef, i};
    for (unsigned i = 0; i < h.consts.size(); ++i)
      headerNames[upperCase(h.consts[i].name)] = {ItemKind::IntLiteral, i};
    for (const ParamDecl &p : h.params)
      headerSpelling[upperCase(p.name)] = p.name;
    for (const SharedDecl &sh : h.shared)
      headerSpelling[upperCase(sh.name)] = sh.name;
    for (const ConstDecl &c : h.consts)
      headerSpelling[upperCase(c.name)] = c.name;
    // A register array ACC gives two words: ACC@ ( i -- x ), ACC! ( x i -- ).
    for (unsigned i = 0; i < h.regs.size(); ++i) {
      headerNames[upperCase(h.regs[i].name) + "@"] = {ItemKind::RegGet, i};
      headerNames[upperCase(h.regs[i].name) + "!"] = {ItemKind::RegSet, i};
    }
  }

  /// A header name I, J or K used inside as many DO loops of the current
  /// definition as that index needs: it means the header name there, not
  /// the loop index, which is easy to miss (a param K in a kernel with
  /// three nested loops).
  void warnIfHidesLoopIndex(const Token &tok, const std::string &w) {
    static const char *const indices[] = {"I", "J", "K"};
    for (size_t depth = 0; depth < 3; ++depth) {
      if (w != indices[depth])
        continue;
      size_t loops = 0;
      for (size_t i = controlBaseNow(); i < control.size(); ++i)
        loops += control[i].tag == ControlTag::Do;
      if (loops > depth)
        diags.warning(tok.loc,
                      "'" + tok.text + "' is the header name '" + w +
                          "' here, not the index of the loop " +
                          std::to_string(depth + 1) +
                          " out (a header name hides the word)",
                      tok.length());
    }
  }

  WordDef &current() {
    return defining ? program.words[definingIndex] : program.kernel;
  }

  void parseCode() {
    while (true) {
      const Token &tok = next();
      if (tok.kind == TokenKind::EndOfFile)
        break;
      if (diags.saturated())
        break;
      handleToken(tok);
    }
    if (unrollNext) {
      diags.error(unrollLoc, "UNROLL must be followed by DO or ?DO", 6);
      unrollNext = false;
    }
    if (defining) {
      WordDef &def = program.words[definingIndex];
      diags.error(def.loc,
                  "definition of '" + def.name + "' is missing its closing ';'",
                  static_cast<uint32_t>(def.name.size()));
      finishDefinition();
    }
    checkControlClosed(0, "end of file");
  }

  void handleToken(const Token &tok) {
    // UNROLL applies to the very next token, which must be DO or ?DO.
    if (unrollNext && !(tok.kind == TokenKind::Word &&
                        (tok.upper == "DO" || tok.upper == "?DO"))) {
      diags.error(unrollLoc, "UNROLL must be followed by DO or ?DO", 6);
      unrollNext = false;
    }
    if (tok.kind == TokenKind::Directive) {
      diags.error(tok.loc,
                  "directive after code: header directives must come before "
                  "the first word",
                  tok.length());
      return;
    }
    if (tok.kind == TokenKind::Integer) {
      addLiteral(tok);
      return;
    }
    if (tok.kind == TokenKind::Float) {
      addLiteral(tok);
      return;
    }
    if (auto syntax = lookupSyntaxWord(tok.upper)) {
      handleSyntax(tok, *syntax);
      return;
    }
    if (rejectPreludeCode(tok))
      return;
    if (bindWord(tok))
      return;
    reportUnknown(tok);
  }

  /// The prelude holds definitions only: code outside them is an error.
  bool rejectPreludeCode(const Token &tok) {
    if (!inPrelude || defining)
      return false;
    diags.error(tok.loc, "the prelude may only contain definitions",
                tok.length());
    return true;
  }

  void handleSyntax(const Token &tok, SyntaxWord word) {
    if (auto control = asControlWord(word)) {
      if (rejectPreludeCode(tok))
        return;
      handleControl(tok, *control);
      return;
    }
    switch (word) {
    case SyntaxWord::Colon:
      startDefinition(tok);
      return;
    case SyntaxWord::Semicolon:
      if (!defining) {
        diags.error(tok.loc, "';' without a matching ':'");
        return;
      }
      finishDefinition();
      return;
    case SyntaxWord::Locals:
    case SyntaxWord::LocalsColon:
      parseLocals(tok);
      return;
    case SyntaxWord::To:
      parseTo(tok);
      return;
    case SyntaxWord::Include:
      parseInclude(tok);
      return;
    case SyntaxWord::Constant:
      parseConstant(tok);
      return;
    case SyntaxWord::Recurse:
      diags.error(tok.loc,
                  "RECURSE: recursion is not supported (words are inlined "
                  "into the kernel; GPU threads have no call stack)",
                  tok.length());
      return;
    case SyntaxWord::Unroll:
      if (rejectPreludeCode(tok))
        return;
      // A request for the next DO: unroll it fully (its bounds must be
      // compile-time constants; the resolver checks).
      unrollNext = true;
      unrollLoc = tok.loc;
      return;
    default:
      return; // control words: handled above
    }
  }

  void addLiteral(const Token &tok) {
    if (rejectPreludeCode(tok))
      return;
    Item item;
    item.loc = tok.loc;
    item.text = tok.text;
    if (tok.kind == TokenKind::Integer) {
      item.kind = ItemKind::IntLiteral;
      item.intValue = tok.intValue;
    } else {
      item.kind = ItemKind::FloatLiteral;
      item.floatValue = tok.floatValue;
    }
    current().body.push_back(item);
  }

  /// Binds a name to its meaning: local, user word, header name, primitive.
  bool bindWord(const Token &tok) {
    Item item;
    item.loc = tok.loc;
    item.text = tok.text;
    const std::string &w = tok.upper;
    WordDef &def = current();
    if (auto local = findLocal(w)) {
      warnIfClosedShadow(tok, *local);
      item.kind = ItemKind::LocalGet;
      item.index = *local;
      def.body.push_back(item);
      return true;
    }
    auto word = wordIndex.find(w);
    if (word != wordIndex.end()) {
      warnIfWordHidesHeader(tok, program.words[word->second]);
      item.kind = ItemKind::Call;
      item.index = word->second;
      def.body.push_back(item);
      return true;
    }
    auto header = headerNames.find(w);
    if (header != headerNames.end()) {
      warnIfHidesLoopIndex(tok, w);
      if (header->second.first == ItemKind::IntLiteral) {
        const ConstDecl &c = program.header.consts[header->second.second];
        item.kind = c.isFloat ? ItemKind::FloatLiteral : ItemKind::IntLiteral;
        item.intValue = c.intValue;
        item.floatValue = c.floatValue;
      } else {
        item.kind = header->second.first;
        item.index = header->second.second;
      }
      def.body.push_back(item);
      return true;
    }
    if (auto prim = lookupPrimitive(w)) {
      item.kind = ItemKind::Primitive;
      item.prim = *prim;
      if (takesRegisterArray(*prim) && !parseAccumulatorName(tok, item))
        return true;
      def.body.push_back(item);
      return true;
    }
    return false;
  }

  /// WGMMA-BF16 ACC: the word names the register array that holds its
  /// accumulators, f32, N/2 of them for an m64nNk16 product (N from 8 to
  /// 256 in steps of 8). item.index: the array.
  bool parseAccumulatorName(const Token &word, Item &item) {
    const Token &name = next();
    const std::vector<RegDecl> &regs = program.header.regs;
    for (unsigned i = 0; i < regs.size(); ++i) {
      if (name.kind != TokenKind::Word || upperCase(regs[i].name) != name.upper)
        continue;
      RegDecl &acc = program.header.regs[i];
      if (acc.type != ElemType::F32 || acc.count < 4 || acc.count > 128 ||
          acc.count % 4 != 0) {
        diags.error(name.loc,
                    "'" + word.text +
                        "' needs an f32 register array of 4 to "
                        "128 elements, a multiple of 4 (N/2 for m64nNk16), "
                        "and '" +
                        acc.name + "' is not one",
                    name.length());
        return false;
      }
      acc.accumulator = true;
      item.index = i;
      return true;
    }
    diags.error(name.kind == TokenKind::EndOfFile ? word.loc : name.loc,
                "'" + word.text +
                    "' needs the name of a register array after it (its "
                    "accumulators: `\\! reg ACC f32[64]`, then '" +
                    word.text + " ACC')",
                name.kind == TokenKind::EndOfFile ? word.length()
                                                  : name.length());
    return false;
  }

  /// The visible local of the current definition called `upper` (the latest
  /// declaration wins). Locals become visible at the end of their
  /// declaration; a map, not a scan, as there may be thousands.
  std::optional<unsigned> findLocal(const std::string &upper) const {
    const auto &locals = defining ? wordLocals : kernelLocals;
    auto it = locals.find(upper);
    if (it == locals.end())
      return std::nullopt;
    return it->second;
  }

  void reportUnknown(const Token &tok) {
    std::string best;
    unsigned bestDistance = 3;
    auto consider = [&](const std::string &name) {
      // The distance is at least the length difference: skip the O(n*m)
      // table for names that cannot win (and for huge words).
      size_t a = tok.upper.size(), b = name.size();
      if ((a > b ? a - b : b - a) >= bestDistance)
        return;
      unsigned d = editDistance(tok.upper, name);
      if (d < bestDistance) {
        bestDistance = d;
        best = name;
      }
    };
    for (unsigned i = 0; i < primitiveCount(); ++i)
      consider(primitiveName(static_cast<Prim>(i)));
    for (const auto &[name, index] : wordIndex)
      consider(name);
    for (const auto &[name, binding] : headerNames)
      consider(name);
    std::string message = "unknown word '" + tok.text + "'";
    if (!best.empty() && tok.upper.size() > 1)
      message += "; did you mean '" + best + "'?";
    diags.error(tok.loc, message, tok.length());
  }

  void startDefinition(const Token &colon) {
    if (defining) {
      diags.error(colon.loc, "':' inside the definition of '" +
                                 program.words[definingIndex].name +
                                 "' (definitions cannot nest)");
      next(); // the would-be name: not an unknown word on top of this
      return;
    }
    if (!control.empty()) {
      const OpenControl &open = control.back();
      diags.error(colon.loc,
                  std::string("':' inside an open ") +
                      controlWordName(open.word) + " (line " +
                      std::to_string(open.loc.line) +
                      "): definitions must be outside control structures");
    }
    const Token &name = next();
    if (name.kind == TokenKind::EndOfFile) {
      diags.error(colon.loc, "':' at end of file: expected a word name");
      return;
    }
    if (name.kind != TokenKind::Word) {
      diags.error(name.loc,
                  "'" + name.text + "' cannot be a word name: it is a number",
                  name.length());
    } else {
      checkNotSyntax(name);
      warnIfHides(name, "word", /*headerNamesToo=*/false);
    }
    WordDef def;
    def.name = name.text;
    def.loc = name.loc;
    def.fromPrelude = inPrelude;
    program.words.push_back(def);
    definingIndex = static_cast<unsigned>(program.words.size() - 1);
    defining = true;
    wordLocals.clear();
    wordOrigins.clear();
    controlBase = control.size();
  }

  /// A CONSTANT named like a header name, an earlier word of the program or
  /// a built-in word hides it from there on: a slip more often than not
  /// (names ignore case: a constant `n` hides a param `N`). So does a word
  /// (`:`) named like an earlier word or a built-in one; a word named like
  /// a header name is not warned about: wrapping a param in a word of its
  /// name (`: Q Q head-base ;`, demo/attention-mh-f32.forth) is an idiom.
  /// The prelude's words may be redefined silently.
  void warnIfHides(const Token &name, const char *what,
                   bool headerNamesToo = true) {
    if (inPrelude)
      return;
    std::string hidden;
    if (headerNames.count(name.upper)) {
      if (!headerNamesToo)
        return;
      hidden = "the header name '" + name.upper + "'";
    } else if (auto w = wordIndex.find(name.upper);
               w != wordIndex.end() && !program.words[w->second].fromPrelude) {
      hidden = "the word '" + program.words[w->second].name +
               "' defined on line " +
               std::to_string(program.words[w->second].loc.line);
    } else if (lookupPrimitive(name.upper)) {
      hidden = "the built-in word '" + name.upper + "'";
    } else {
      return;
    }
    diags.warning(name.loc,
                  std::string(what) + " '" + name.text + "' hides " + hidden +
                      " (names ignore case); rename one",
                  name.length());
  }

  /// A use spelled exactly as a header name (`NQ`) that names a word
  /// spelled otherwise (`: nq ... ;`): the word hides the header name
  /// (names ignore case), so this is the word, most likely not what was
  /// meant. (A word spelled as the header name, `: Q Q head-base ;`, and
  /// uses spelled as the word, `raw` after `: raw RAW + ... ;`, are the
  /// wrapping idiom: silent.)
  void warnIfWordHidesHeader(const Token &tok, const WordDef &word) {
    if (inPrelude || word.fromPrelude || tok.text == word.name)
      return;
    auto spelled = headerSpelling.find(tok.upper);
    if (spelled == headerSpelling.end() || spelled->second != tok.text)
      return;
    diags.warning(tok.loc,
                  "'" + tok.text + "' here is the word '" + word.name +
                      "' defined on line " + std::to_string(word.loc.line) +
                      ", which hides the header name '" + tok.text +
                      "' (names ignore case); rename one",
                  tok.length());
  }

  /// A name being defined must not be a syntax word: it could never be
  /// used, as the parser reads those first.
  void checkNotSyntax(const Token &name) {
    if (lookupSyntaxWord(name.upper))
      diags.error(name.loc,
                  "'" + name.text +
                      "' is reserved syntax and cannot be "
                      "redefined",
                  name.length());
  }

  void finishDefinition() {
    checkControlClosed(controlBase, "';'");
    control.resize(std::min(control.size(), controlBase));
    WordDef &def = program.words[definingIndex];
    defining = false;
    // The name becomes visible only now: a word cannot call itself.
    wordIndex[upperCase(def.name)] = definingIndex;
  }

  void checkControlClosed(size_t base, const char *where) {
    while (control.size() > base) {
      const OpenControl &open = control.back();
      std::string closer = open.tag == ControlTag::Do     ? "LOOP or +LOOP"
                           : open.tag == ControlTag::Dest ? "UNTIL, AGAIN or "
                                                            "REPEAT"
                                                          : "THEN";
      diags.error(open.loc,
                  std::string(controlWordName(open.word)) +
                      " is never closed: expected " + closer + " before " +
                      where,
                  static_cast<uint32_t>(
                      std::string(controlWordName(open.word)).size()));
      control.pop_back();
    }
  }

  // Pops the innermost open structure if it has tag `want`; reports a
  // mismatch otherwise.
  bool popControl(const Token &tok, ControlTag want, const char *opener) {
    if (control.size() <= controlBaseNow()) {
      diags.error(tok.loc, tok.upper + " without a matching " + opener,
                  tok.length());
      return false;
    }
    const OpenControl &open = control.back();
    if (open.tag != want) {
      diags.error(tok.loc,
                  tok.upper + " does not match the innermost open " +
                      controlWordName(open.word) + " (line " +
                      std::to_string(open.loc.line) +
                      "); expected it to "
                      "close " +
                      (opener[0] == 'I' ? "an " : "a ") + opener,
                  tok.length());
      return false;
    }
    control.pop_back();
    return true;
  }

  size_t controlBaseNow() const { return defining ? controlBase : 0; }

  void openControl(ControlTag tag, ControlWord word, SourceLoc loc,
                   size_t item = 0, unsigned serial = 0) {
    control.push_back({tag, word, loc, item, serial ? serial : ++serials});
  }

  /// The serial of the innermost structure open in this definition, 0 if
  /// none.
  unsigned openSerial() const {
    return control.size() > controlBaseNow() ? control.back().serial : 0;
  }

  /// A local declared inside a structure that has closed, hiding a local of
  /// the same name declared before it, is still the one a later use means
  /// (a local is visible to the end of its definition): the use almost
  /// surely meant the outer one (its value, or 0 where the inner
  /// declaration never ran), so it is warned about, once.
  void warnIfClosedShadow(const Token &tok, unsigned slot) {
    auto &origins = defining ? wordOrigins : kernelOrigins;
    LocalOrigin &o = origins[slot];
    if (!o.hides || !o.serial || o.warned)
      return;
    for (size_t i = controlBaseNow(); i < control.size(); ++i)
      if (control[i].serial == o.serial)
        return;
    o.warned = true;
    diags.warning(tok.loc,
                  "'" + tok.text + "' here is the local declared on line " +
                      std::to_string(o.loc.line) +
                      " inside a structure that has closed, not the one "
                      "declared on line " +
                      std::to_string(origins[*o.hides].loc.line) +
                      ", which it hides to the end of the definition "
                      "(rename one)",
                  tok.length());
  }

  void handleControl(const Token &tok, ControlWord word) {
    Item item;
    item.kind = ItemKind::Control;
    item.control = word;
    item.loc = tok.loc;
    item.text = tok.text;
    switch (word) {
    case ControlWord::If:
      openControl(ControlTag::Orig, word, tok.loc);
      break;
    case ControlWord::Else:
      if (popControl(tok, ControlTag::Orig, "IF"))
        openControl(ControlTag::Orig, word, tok.loc);
      break;
    case ControlWord::Then:
      popControl(tok, ControlTag::Orig, "IF or WHILE");
      break;
    case ControlWord::Begin:
      openControl(ControlTag::Dest, word, tok.loc);
      break;
    case ControlWord::Until:
    case ControlWord::Again:
      popControl(tok, ControlTag::Dest, "BEGIN");
      break;
    case ControlWord::While:
      // ( dest -- orig dest ): the exit is resolved by REPEAT or THEN.
      // The loop stays the same structure (its serial) for the locals
      // declared before WHILE.
      if (unsigned loop = openSerial();
          popControl(tok, ControlTag::Dest, "BEGIN")) {
        openControl(ControlTag::Orig, word, tok.loc);
        openControl(ControlTag::Dest, ControlWord::Begin, tok.loc, 0, loop);
      }
      break;
    case ControlWord::Repeat:
      if (popControl(tok, ControlTag::Dest, "BEGIN ... WHILE"))
        popControl(tok, ControlTag::Orig, "BEGIN ... WHILE");
      break;
    case ControlWord::Do:
    case ControlWord::QDo:
      openControl(ControlTag::Do, word, tok.loc, current().body.size());
      item.unroll = unrollNext;
      unrollNext = false;
      break;
    case ControlWord::Loop:
    case ControlWord::PlusLoop: {
      size_t doItem = control.empty() ? 0 : control.back().item;
      if (popControl(tok, ControlTag::Do, "DO"))
        current().body[doItem].match = current().body.size();
      break;
    }
    case ControlWord::Leave:
    case ControlWord::Unloop: {
      bool inLoop = false;
      for (size_t i = controlBaseNow(); i < control.size(); ++i)
        inLoop = inLoop || control[i].tag == ControlTag::Do;
      if (!inLoop) {
        diags.error(tok.loc, tok.upper + " outside a DO loop", tok.length());
        return;
      }
      break;
    }
    case ControlWord::Exit:
      break;
    }
    current().body.push_back(item);
  }

  void parseLocals(const Token &open) {
    if (inPrelude && !defining) {
      diags.error(open.loc, "the prelude may only contain definitions");
      return;
    }
    // Locals may be declared anywhere, even inside a loop body: the
    // resolver gives every local of a definition a slot for the whole
    // definition, so the state's shape never changes at a declaration.
    const bool forth2012 = open.upper == "{:";
    const char *closer = forth2012 ? ":}" : "}";
    WordDef &def = current();
    Item item;
    item.kind = ItemKind::LocalsDecl;
    item.loc = open.loc;
    item.text = open.text;
    item.index = static_cast<unsigned>(def.locals.size());
    bool afterDashes = false, zeroInit = false;
    std::set<std::string> declared; // upper-cased: finds duplicates fast
    while (true) {
      const Token &tok = next();
      if (tok.kind == TokenKind::EndOfFile) {
        diags.error(open.loc, std::string("locals declaration is missing '") +
                                  closer + "'");
        return;
      }
      if (tok.upper == closer)
        break;
      if (tok.kind == TokenKind::Directive) {
        diags.error(tok.loc, "directive inside a locals declaration");
        continue;
      }
      if (tok.upper == "--") {
        afterDashes = true;
        continue;
      }
      if (afterDashes)
        continue; // outputs are documentation only
      if (tok.upper == "|") {
        zeroInit = true;
        continue;
      }
      if (tok.kind != TokenKind::Word) {
        diags.error(tok.loc,
                    "'" + tok.text + "' cannot be a local name: it is a number",
                    tok.length());
        continue;
      }
      if (!declared.insert(tok.upper).second)
        diags.error(tok.loc, "local '" + tok.text + "' declared twice",
                    tok.length());
      // Names are case-insensitive: a local `o` hides a param `O`.
      auto hidden = headerNames.find(tok.upper);
      const char *what = hidden != headerNames.end()  ? "header name"
                         : wordIndex.count(tok.upper) ? "word"
                         : lookupPrimitive(tok.upper) ? "built-in word"
                                                      : nullptr;
      if (what)
        diags.warning(tok.loc,
                      "local '" + tok.text + "' hides the " + what + " '" +
                          tok.upper + "' (names ignore case)",
                      tok.length());
      def.locals.push_back(tok.text);
      (defining ? wordOrigins : kernelOrigins)
          .push_back({tok.loc, openSerial(), findLocal(tok.upper)});
      if (zeroInit)
        ++item.zeroInit;
      else
        ++item.count;
    }
    auto &visible = defining ? wordLocals : kernelLocals;
    for (unsigned i = item.index; i < def.locals.size(); ++i)
      visible[upperCase(def.locals[i])] = i;
    def.body.push_back(item);
  }

  void parseTo(const Token &to) {
    const Token &name = next();
    if (name.kind == TokenKind::EndOfFile) {
      diags.error(to.loc, "TO at end of file: expected a local name");
      return;
    }
    if (auto local = findLocal(name.upper)) {
      warnIfClosedShadow(name, *local);
      Item item;
      item.kind = ItemKind::LocalSet;
      item.loc = name.loc;
      item.text = name.text;
      item.index = *local;
      current().body.push_back(item);
      return;
    }
    diags.error(name.loc,
                "TO needs a local, and '" + name.text + "' is not a local here",
                name.length());
  }

  void parseConstant(const Token &tok) {
    const Token &name = next();
    WordDef &def = current();
    if (defining || def.body.empty() ||
        (def.body.back().kind != ItemKind::IntLiteral &&
         def.body.back().kind != ItemKind::FloatLiteral)) {
      diags.error(tok.loc,
                  "CONSTANT needs a literal value before it, outside "
                  "definitions: '64 CONSTANT TILE'",
                  tok.length());
      return;
    }
    if (name.kind != TokenKind::Word) {
      diags.error(name.loc, "CONSTANT needs a name", name.length());
      return;
    }
    checkNotSyntax(name);
    warnIfHides(name, "constant");
    Item value = def.body.back();
    def.body.pop_back();
    ConstDecl c;
    c.name = name.text;
    c.loc = name.loc;
    c.isFloat = value.kind == ItemKind::FloatLiteral;
    c.intValue = value.intValue;
    c.floatValue = value.floatValue;
    program.header.consts.push_back(c);
    headerNames[name.upper] = {
        ItemKind::IntLiteral,
        static_cast<unsigned>(program.header.consts.size() - 1)};
    // A later user word of the same name would shadow it; so does this.
    wordIndex.erase(name.upper);
  }

  void parseInclude(const Token &tok) {
    const Token &name = next();
    if (name.kind == TokenKind::EndOfFile) {
      diags.error(tok.loc, "INCLUDE at end of file: expected a file name");
      return;
    }
    namespace fs = std::filesystem;
    std::vector<fs::path> candidates;
    fs::path requested(name.text);
    if (requested.is_absolute()) {
      candidates.push_back(requested);
    } else {
      fs::path including(sources.path(name.loc.file));
      candidates.push_back(including.parent_path() / requested);
      for (const std::string &dir : options.includeDirs)
        candidates.push_back(fs::path(dir) / requested);
    }
    for (const fs::path &candidate : candidates) {
      std::error_code ec;
      if (!fs::exists(candidate, ec)) {
        if (options.dependencies)
          options.dependencies->push_back({candidate.string(), false, {}});
        continue;
      }
      std::string canonical = fs::weakly_canonical(candidate, ec).string();
      for (uint32_t open : includeStack) {
        // The kernel file may have been named relative to the working
        // folder; compare canonical paths.
        if (fs::weakly_canonical(sources.path(open), ec).string() ==
            canonical) {
          diags.error(name.loc,
                      "INCLUDE cycle: '" + name.text +
                          "' is already being "
                          "included",
                      name.length());
          return;
        }
      }
      if (includeStack.size() > 32) {
        diags.error(name.loc, "INCLUDE nested too deeply", name.length());
        return;
      }
      // Files that include a file twice, each, nest to 2^depth includes.
      if (++includeCount > 1000) {
        diags.error(name.loc,
                    "more than 1000 INCLUDEs in one kernel (is a file "
                    "included over and over?)",
                    name.length());
        return;
      }
      // A directory, a device or an oversized file is an error naming it
      // (common/FileIO.h), not a hang or an empty include.
      std::string text;
      try {
        text = rt::readRegularFile(candidate.string(), kMaxIncludeBytes,
                                   "included files");
      } catch (const rt::Error &e) {
        diags.error(name.loc, std::string("INCLUDE: ") + e.what(),
                    name.length());
        return;
      }
      if (options.dependencies)
        options.dependencies->push_back({candidate.string(), true, text});
      pushFile(sources.addFile(canonical, text));
      return;
    }
    diags.error(name.loc,
                "cannot find included file '" + name.text +
                    "' (searched the including file's folder and -I dirs)",
                name.length());
  }

  SourceManager &sources;
  DiagnosticEngine &diags;
  const ParseOptions &options;
  std::vector<TypeParam> typeParams; // the kernel's `\! type` parameters
  Program &program;

  std::vector<TokenStream> files;
  std::vector<uint32_t> includeStack;
  unsigned includeCount = 0;
  std::map<std::string, unsigned> wordIndex; // latest definition wins
  std::map<std::string, std::pair<ItemKind, unsigned>> headerNames;
  // The header names as declared (upper-cased key), for
  // warnIfWordHidesHeader.
  std::map<std::string, std::string> headerSpelling;
  std::vector<OpenControl> control;
  size_t controlBase = 0;
  bool defining = false;
  bool inPrelude = false;
  bool unrollNext = false;
  SourceLoc unrollLoc;
  unsigned definingIndex = 0;
  // Visible locals by upper-cased name: the kernel's and the word's being
  // defined.
  std::map<std::string, unsigned> kernelLocals, wordLocals;
  // Per slot of those definitions, where it was declared.
  std::vector<LocalOrigin> kernelOrigins, wordOrigins;
  unsigned serials = 0; // the last OpenControl::serial given
};

} // namespace

bool parseProgram(SourceManager &sources, DiagnosticEngine &diags,
                  uint32_t preludeFile, uint32_t mainFile,
                  const ParseOptions &options, Program &program) {
  ProgramParser parser(sources, diags, options, program);
  if (preludeFile)
    parser.parsePrelude(preludeFile);
  parser.parseMain(mainFile);
  return !diags.hasErrors();
}

} // namespace wf
