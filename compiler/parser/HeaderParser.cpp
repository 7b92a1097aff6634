//===- HeaderParser.cpp ---------------------------------------------------===//
#include "compiler/parser/HeaderParser.h"

#include "common/SizeExpr.h"
#include "common/Swizzle.h"
#include "compiler/lexer/Lexer.h"

#include <algorithm>
#include <functional>

namespace wf {

void HeaderParser::addDirective(const Token &dir, bool isFirst) {
  if (dir.parts.empty()) {
    diags.error(dir.loc,
                "empty '\\!' directive: expected kernel, type, param, tmap, "
                "shared, reg, const, float, launch-bounds, block, cluster or "
                "pdl",
                2);
    return;
  }
  const Token &what = dir.parts[0];
  const std::string &kind = what.upper;
  if (kind == "KERNEL") {
    parseKernel(dir);
    return;
  }
  if (!sawKernel && isFirst)
    diags.error(what.loc, "the '\\! kernel NAME' directive must come first",
                what.length());
  if (kind == "TYPE")
    return; // TypeParams.h's, spliced in before the header is parsed
  if (kind == "PARAM")
    parseParam(dir);
  else if (kind == "TMAP")
    parseTensorMap(dir);
  else if (kind == "SHARED")
    parseShared(dir);
  else if (kind == "CONST")
    parseConst(dir);
  else if (kind == "FLOAT")
    parseFloat(dir);
  else if (kind == "REG")
    parseReg(dir);
  else if (kind == "LAUNCH-BOUNDS")
    parseLaunchBounds(dir);
  else if (kind == "BLOCK")
    parseBlock(dir);
  else if (kind == "CLUSTER")
    parseCluster(dir);
  else if (kind == "PDL")
    parsePdl(dir);
  else
    diags.error(what.loc,
                "unknown directive '" + what.text +
                    "': expected kernel, type, param, tmap, shared, reg, "
                    "const, float, launch-bounds, block, cluster or pdl",
                what.length());
}

bool HeaderParser::checkArgCount(const Token &dir, size_t want,
                                 const char *usage) {
  if (dir.parts.size() >= want)
    return true;
  diags.error(dir.parts[0].loc,
              std::string("incomplete directive: expected '") + usage + "'",
              dir.parts[0].length());
  return false;
}

static bool isAsciiName(const std::string &name) {
  for (char c : name)
    if (static_cast<unsigned char>(c) >= 0x80)
      return false;
  return true;
}

bool HeaderParser::claimName(const Token &nameTok) {
  if (nameTok.kind != TokenKind::Word) {
    diags.error(nameTok.loc, "'" + nameTok.text + "' is not a valid name",
                nameTok.length());
    return false;
  }
  // Header names reach the PTX (the signature's comment lines, check
  // sites), and ptxas refuses any byte outside ASCII, even in a comment.
  // The declaration stands, so its uses are not reported as unknown too.
  if (!isAsciiName(nameTok.text))
    diags.error(nameTok.loc,
                "name '" + nameTok.text +
                    "' has a character outside ASCII, which PTX cannot hold",
                nameTok.length());
  auto [it, inserted] = names.emplace(nameTok.upper, nameTok.loc);
  if (!inserted) {
    diags.error(nameTok.loc,
                "duplicate name '" + nameTok.text +
                    "' (first declared at line " +
                    std::to_string(it->second.line) + ")",
                nameTok.length());
    return false;
  }
  return true;
}

void HeaderParser::parseKernel(const Token &dir) {
  if (!checkArgCount(dir, 2, "\\! kernel NAME"))
    return;
  if (sawKernel) {
    diags.error(dir.parts[0].loc,
                "duplicate kernel directive (one kernel per file)",
                dir.parts[0].length());
    return;
  }
  sawKernel = true;
  const Token &name = dir.parts[1];
  if (dir.parts.size() > 2)
    diags.error(dir.parts[2].loc,
                "unexpected '" + dir.parts[2].text + "' after kernel name",
                dir.parts[2].length());
  bool ok = name.kind == TokenKind::Word && !name.text.empty() &&
            (std::isalpha(static_cast<unsigned char>(name.text[0])) ||
             name.text[0] == '_');
  for (char c : name.text)
    ok = ok &&
         (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$');
  if (!ok) {
    diags.error(name.loc,
                "kernel name '" + name.text +
                    "' must be an identifier (letters, digits, '_')",
                name.length());
    return;
  }
  // PTX identifiers are [a-zA-Z][a-zA-Z0-9_$]* or [_$%][a-zA-Z0-9_$]+, so a
  // lone '_' is not one and ptxas would reject the entry.
  if (name.text == "_") {
    diags.error(name.loc,
                "kernel name '_' must be an identifier (letters, digits, "
                "'_'): PTX needs a character after a leading '_'",
                name.length());
    return;
  }
  // WARP_SZ is PTX's one predefined identifier without a '%'; ptxas takes
  // opcode, directive and type names as kernel names.
  if (name.text == "WARP_SZ") {
    diags.error(name.loc,
                "kernel name 'WARP_SZ' is reserved: PTX predefines it",
                name.length());
    return;
  }
  // The kernel and the libdevice functions it calls share the module's
  // namespace: a kernel named __nv_exp would be called by FEXP instead of
  // libdevice's exp, silently.
  if (name.text.rfind("__nv_", 0) == 0) {
    diags.error(name.loc,
                "kernel name '" + name.text +
                    "' is reserved: names starting with '__nv_' are "
                    "libdevice's",
                name.length());
    return;
  }
  header.name = name.text;
  header.loc = name.loc;
}

bool HeaderParser::parseTypeSpec(const Token &dir, size_t firstPart,
                                 ElemType &type, bool &isArray,
                                 std::string &sizeText, SourceLoc &loc,
                                 size_t endPart) {
  // The parts are joined with one space, not glued: `i64[N M]` must stay two
  // operands (an error), not become the name NM.
  std::string spec;
  std::vector<size_t> partStart;
  for (size_t i = firstPart; i < std::min(endPart, dir.parts.size()); ++i) {
    if (i > firstPart)
      spec += ' ';
    partStart.push_back(spec.size());
    spec += dir.parts[i].text;
  }
  const Token &typeTok = dir.parts[firstPart];
  loc = typeTok.loc;
  size_t bracket = spec.find('[');
  std::string typeName = spec.substr(0, bracket);
  while (!typeName.empty() && typeName.back() == ' ')
    typeName.pop_back(); // `i64 [N]`
  auto parsed = parseElemType(typeName);
  if (!parsed) {
    diags.error(typeTok.loc,
                "unknown type '" + typeName +
                    "': expected i8, i16, i32, i64, f16, bf16, f32 or f64",
                static_cast<uint32_t>(typeName.size()));
    return false;
  }
  type = *parsed;
  isArray = bracket != std::string::npos;
  if (!isArray)
    return true;
  if (spec.back() != ']') {
    diags.error(typeTok.loc, "missing ']' in '" + spec + "'",
                static_cast<uint32_t>(typeTok.text.size()));
    return false;
  }
  sizeText = spec.substr(bracket + 1, spec.size() - bracket - 2);
  // `TYPE[ ]` is `TYPE[]`, as it was when parts were glued.
  size_t first = sizeText.find_first_not_of(' ');
  sizeText =
      first == std::string::npos
          ? std::string()
          : sizeText.substr(first, sizeText.find_last_not_of(' ') - first + 1);
  // Point at the first character of the size in the part holding the '['.
  size_t part = 0;
  while (part + 1 < partStart.size() && partStart[part + 1] <= bracket)
    ++part;
  loc = dir.parts[firstPart + part].loc;
  loc.col += static_cast<uint32_t>(bracket - partStart[part] + 1);
  return true;
}

void HeaderParser::parseParam(const Token &dir) {
  if (!checkArgCount(dir, 3, "\\! param NAME TYPE or TYPE[SIZE]"))
    return;
  ParamDecl param;
  param.name = dir.parts[1].text;
  param.loc = dir.parts[1].loc;
  SourceLoc sizeLoc;
  std::string sizeText;
  if (!parseTypeSpec(dir, 2, param.type, param.isArray, sizeText, sizeLoc))
    return;
  if (!claimName(dir.parts[1]))
    return;
  // The signature holds the size as one field, so it goes there without
  // spaces; finish() checks the spaced text, which keeps operands apart.
  for (char c : sizeText)
    if (c != ' ')
      param.size += c;
  header.params.push_back(param);
  paramSizeText.push_back(sizeText);
  paramSizeLocs.push_back(sizeLoc);
}

// `\! tmap NAME TYPE[D0,D1,..] [strides S0,S1,..] box B0,B1,.. [swizzle
// none|32|64|128]`: an array param (the launch passes its buffer) that the
// kernel sees as a tensor map. The sizes are checked in finishTensorMaps,
// once constants are known.
void HeaderParser::parseTensorMap(const Token &dir) {
  const char *usage = "\\! tmap NAME TYPE[DIMS] [strides STRIDES] box SIZES "
                      "[swizzle none|32|64|128]";
  if (!checkArgCount(dir, 5, usage))
    return;
  const std::string &name = dir.parts[1].text;
  size_t boxAt = 0, swizzleAt = 0, stridesAt = 0;
  for (size_t i = 3; i < dir.parts.size(); ++i) {
    const Token &part = dir.parts[i];
    if (part.upper == "BOX" && !boxAt) {
      boxAt = i;
    } else if (part.upper == "SWIZZLE" && !swizzleAt) {
      swizzleAt = i;
    } else if (part.upper == "STRIDES") {
      if (stridesAt) {
        diags.error(part.loc, "tensor map '" + name + "' has 'strides' twice",
                    part.length());
        return;
      }
      stridesAt = i;
    }
  }
  if (!boxAt || boxAt + 1 >= (swizzleAt ? swizzleAt : dir.parts.size()) ||
      (swizzleAt && swizzleAt < boxAt)) {
    const Token &at = dir.parts[boxAt ? boxAt : 1];
    diags.error(at.loc,
                "tensor map '" + name + "' needs its box: expected '" + usage +
                    "'",
                at.length());
    return;
  }
  if (stridesAt && (stridesAt > boxAt || stridesAt + 1 == boxAt)) {
    const Token &at = dir.parts[stridesAt];
    diags.error(at.loc,
                "tensor map '" + name + "': " +
                    (stridesAt > boxAt
                         ? "'strides' comes before 'box'"
                         : "'strides' needs its values, outermost first") +
                    ": expected '" + usage + "'",
                at.length());
    return;
  }
  ParamDecl param;
  param.name = name;
  param.loc = dir.parts[1].loc;
  SourceLoc dimsLoc;
  std::string dimsText;
  if (!parseTypeSpec(dir, 2, param.type, param.isArray, dimsText, dimsLoc,
                     stridesAt ? stridesAt : boxAt))
    return;
  if (!param.isArray || dimsText.empty()) {
    diags.error(dir.parts[2].loc,
                "tensor map '" + param.name +
                    "' needs its dimensions, outermost first: '\\! tmap " +
                    param.name + " " + dir.parts[2].text + "[ROWS,COLS] ...'",
                dir.parts[2].length());
    return;
  }
  TensorMapDecl map;
  auto split = [](const std::string &text) {
    std::vector<std::string> items;
    size_t start = 0;
    for (;;) {
      size_t comma = text.find(',', start);
      std::string item =
          text.substr(start, comma == std::string::npos ? std::string::npos
                                                        : comma - start);
      size_t a = item.find_first_not_of(' ');
      item = a == std::string::npos
                 ? std::string()
                 : item.substr(a, item.find_last_not_of(' ') - a + 1);
      items.push_back(item);
      if (comma == std::string::npos)
        return items;
      start = comma + 1;
    }
  };
  // The parts from `first` up to `end`, one space apart.
  auto join = [&](size_t first, size_t end) {
    std::string text;
    for (size_t i = first; i < end; ++i)
      text += (i > first ? " " : "") + dir.parts[i].text;
    return text;
  };
  TensorMapText text;
  text.dims = split(dimsText);
  text.dimsLoc = dimsLoc;
  std::string boxText =
      join(boxAt + 1, swizzleAt ? swizzleAt : dir.parts.size());
  text.box = split(boxText);
  text.boxLoc = dir.parts[boxAt + 1].loc;
  std::string stridesText;
  if (stridesAt) {
    stridesText = join(stridesAt + 1, boxAt);
    text.strides = split(stridesText);
    text.stridesLoc = dir.parts[stridesAt + 1].loc;
  }
  if (swizzleAt) {
    if (swizzleAt + 2 != dir.parts.size()) {
      const Token &at = dir.parts[swizzleAt];
      diags.error(at.loc,
                  "expected one value after 'swizzle': none, 32, 64 or 128",
                  at.length());
      return;
    }
    const Token &value = dir.parts[swizzleAt + 1];
    if (value.upper == "NONE")
      map.swizzle = 0;
    else { // a number or a constant (-D SWIZZLE=128), checked later
      text.swizzle = value.text;
      text.swizzleLoc = value.loc;
    }
  }
  if (text.dims.size() > 5) {
    diags.error(dimsLoc,
                "tensor map '" + param.name + "' has " +
                    std::to_string(text.dims.size()) +
                    " dimensions; TMA takes 1 to 5",
                static_cast<uint32_t>(dimsText.size()));
    return;
  }
  if (text.box.size() != text.dims.size()) {
    diags.error(text.boxLoc,
                "tensor map '" + param.name + "' has " +
                    std::to_string(text.dims.size()) + " dimensions but " +
                    std::to_string(text.box.size()) + " box sizes",
                static_cast<uint32_t>(boxText.size()));
    return;
  }
  // TMA reads the innermost dim's elements one after another, so it has
  // no stride: one per other dim.
  size_t rank = text.dims.size();
  if (stridesAt && text.strides.size() + 1 != rank) {
    diags.error(text.stridesLoc,
                "tensor map '" + param.name + "' " +
                    (rank == 1
                         ? std::string("is 1-D: its one dimension is "
                                       "contiguous and takes no stride")
                         : "has " + std::to_string(rank) + " dimensions, so " +
                               std::to_string(rank - 1) +
                               (rank == 2 ? " stride" : " strides") +
                               " (all but the innermost, which "
                               "is contiguous); got " +
                               std::to_string(text.strides.size())),
                static_cast<uint32_t>(stridesText.size()));
    return;
  }
  if (!claimName(dir.parts[1]))
    return;
  // The signature holds each size as one field, so without spaces;
  // finishTensorMaps checks the spaced text, which keeps operands apart.
  auto compact = [](const std::vector<std::string> &items) {
    std::vector<std::string> out;
    for (const std::string &item : items) {
      out.emplace_back();
      for (char c : item)
        if (c != ' ')
          out.back() += c;
    }
    return out;
  };
  map.dims = compact(text.dims);
  map.strides = compact(text.strides);
  // The buffer holds the dims' product, or the strided extent (the launch
  // checks its size).
  param.size = rt::tensorMapExtent(map.dims, map.strides);
  param.tmap = map;
  text.param = header.params.size();
  header.params.push_back(param);
  paramSizeText.push_back(param.size); // unused: see finish()
  paramSizeLocs.push_back(dimsLoc);
  tensorMaps.push_back(std::move(text));
}

void HeaderParser::parseShared(const Token &dir) {
  if (!checkArgCount(dir, 3, "\\! shared NAME TYPE[SIZE] [align N]"))
    return;
  SharedDecl shared;
  shared.name = dir.parts[1].text;
  shared.loc = dir.parts[1].loc;
  bool isArray = false;
  std::string sizeText;
  SourceLoc sizeLoc;
  // `align N` at the end (TMA tiles want 128 or 1024).
  size_t end = dir.parts.size();
  std::string alignText;
  SourceLoc alignLoc;
  for (size_t i = 3; i < dir.parts.size(); ++i)
    if (dir.parts[i].upper == "ALIGN") {
      end = i;
      if (i + 2 != dir.parts.size()) {
        diags.error(dir.parts[i].loc,
                    "expected one value after 'align' ('\\! shared NAME "
                    "TYPE[SIZE] align N')",
                    dir.parts[i].length());
        return;
      }
      alignText = dir.parts[i + 1].text;
      alignLoc = dir.parts[i + 1].loc;
      break;
    }
  if (!parseTypeSpec(dir, 2, shared.type, isArray, sizeText, sizeLoc, end))
    return;
  if (!isArray) {
    diags.error(dir.parts[2].loc,
                "shared memory '" + shared.name +
                    "' needs a size: '\\! shared NAME TYPE[SIZE]', or "
                    "TYPE[] for memory sized at launch",
                dir.parts[2].length());
    return;
  }
  if (sizeText.empty()) {
    for (const SharedDecl &other : header.shared)
      if (other.dynamic) {
        diags.error(dir.parts[1].loc,
                    "only one shared array may be sized at launch ('" +
                        other.name + "' already is)",
                    dir.parts[1].length());
        return;
      }
    shared.dynamic = true;
  }
  if (!claimName(dir.parts[1]))
    return;
  header.shared.push_back(shared);
  sharedSizeText.push_back(sizeText);
  sharedSizeLocs.push_back(sizeLoc);
  sharedAlignText.push_back(alignText);
  sharedAlignLocs.push_back(alignLoc);
}

void HeaderParser::parseReg(const Token &dir) {
  if (!checkArgCount(dir, 3, "\\! reg NAME TYPE[SIZE]"))
    return;
  RegDecl reg;
  reg.name = dir.parts[1].text;
  reg.loc = dir.parts[1].loc;
  bool isArray = false;
  std::string sizeText;
  SourceLoc sizeLoc;
  if (!parseTypeSpec(dir, 2, reg.type, isArray, sizeText, sizeLoc))
    return;
  if (!isArray || sizeText.empty()) {
    diags.error(dir.parts[2].loc,
                "register array '" + reg.name +
                    "' needs a size: '\\! reg NAME TYPE[SIZE]'",
                dir.parts[2].length());
    return;
  }
  if (!claimName(dir.parts[1]))
    return;
  header.regs.push_back(reg);
  regSizeText.push_back(sizeText);
  regSizeLocs.push_back(sizeLoc);
}

void HeaderParser::parseConst(const Token &dir) {
  if (!checkArgCount(dir, 3, "\\! const NAME VALUE"))
    return;
  if (!claimName(dir.parts[1]))
    return;
  ConstDecl c;
  c.name = dir.parts[1].text;
  c.loc = dir.parts[1].loc;
  // Words of the value keep their spaces: `1 2` is an error, not 12.
  std::string value;
  for (size_t i = 2; i < dir.parts.size(); ++i)
    value += (i > 2 ? " " : "") + dir.parts[i].text;
  Token lit;
  if (dir.parts.size() == 3 && classifyNumber(value, lit, nullptr) &&
      lit.kind == TokenKind::Float) {
    c.isFloat = true;
    c.floatValue = lit.floatValue;
  }
  header.consts.push_back(c);
  constExprs.push_back(c.isFloat ? std::string() : value);
}

void HeaderParser::parseFloat(const Token &dir) {
  if (!checkArgCount(dir, 2, "\\! float f32 or f64"))
    return;
  const Token &mode = dir.parts[1];
  if (sawFloat)
    diags.error(mode.loc, "duplicate float directive", mode.length());
  sawFloat = true;
  if (mode.upper == "F32")
    header.floatMode = FloatMode::F32;
  else if (mode.upper == "F64")
    header.floatMode = FloatMode::F64;
  else
    diags.error(mode.loc,
                "unknown float mode '" + mode.text + "': expected f32 or f64",
                mode.length());
}

namespace {
// A header value that must be a compile-time integer in [lo, hi]: its value,
// or `why` it is not (`what` names the values in the message).
int64_t constantInRange(const std::string &text, const rt::NameLookup &lookup,
                        const char *what, int64_t lo, int64_t hi,
                        std::string &why) {
  rt::SizeEval e = rt::evaluateSizeExpr(text, lookup);
  if (e.status == rt::SizeEval::Invalid)
    why = e.detail;
  else if (e.status != rt::SizeEval::Known)
    why = "unknown name '" + e.detail + "' (" + what +
          " must be compile-time constants)";
  else if (e.value < lo || e.value > hi)
    why =
        "must be between " + std::to_string(lo) + " and " + std::to_string(hi);
  return e.value;
}
} // namespace

// The values of a directive given at most once, `least` to `most` of them,
// kept in `parts` to be evaluated once the constants are known; false
// (reported) for too few, too many or a second such directive.
bool HeaderParser::takeValues(const Token &dir, size_t least, size_t most,
                              const char *name, const char *usage,
                              std::vector<Token> &parts) {
  if (!checkArgCount(dir, least + 1, usage))
    return false;
  if (dir.parts.size() > most + 1) {
    diags.error(dir.parts[most + 1].loc,
                std::string("too many values: expected '") + usage + "'",
                dir.parts[most + 1].length());
    return false;
  }
  if (!parts.empty()) {
    diags.error(dir.parts[0].loc,
                std::string("duplicate ") + name + " directive",
                dir.parts[0].length());
    return false;
  }
  parts.assign(dir.parts.begin() + 1, dir.parts.end());
  return true;
}

void HeaderParser::parseLaunchBounds(const Token &dir) {
  takeValues(dir, 1, 2, "launch-bounds",
             "\\! launch-bounds MAX_THREADS [MIN_BLOCKS_PER_SM]", boundsParts);
}

// Evaluated with the constants, so `\! launch-bounds 32*WARPS` follows -D.
void HeaderParser::finishLaunchBounds(const rt::NameLookup &lookup) {
  const uint64_t limits[] = {1024, 32};
  const char *what[] = {"threads per block", "blocks per multiprocessor"};
  uint64_t *fields[] = {&header.maxThreads, &header.minBlocks};
  for (size_t i = 0; i < boundsParts.size(); ++i) {
    const Token &part = boundsParts[i];
    std::string why;
    int64_t value = constantInRange(part.text, lookup, "launch bounds", 1,
                                    static_cast<int64_t>(limits[i]), why);
    if (!why.empty()) {
      diags.error(part.loc,
                  std::string("bad ") + what[i] + " '" + part.text +
                      "' in launch-bounds: " + why,
                  part.length());
      continue;
    }
    *fields[i] = static_cast<uint64_t>(value);
  }
}

void HeaderParser::parseCluster(const Token &dir) {
  if (!takeValues(dir, 3, 3, "cluster", "\\! cluster X Y Z", clusterParts))
    return;
  header.clusterLoc = dir.parts[0].loc;
  header.clusterLength = dir.parts[0].length();
}

// `\! pdl [FLAG]`, once: a flag, or with a constant expression on when it
// is not 0 (so that `\! pdl PDL` follows -D PDL, as kernels whose wait is
// `PDL IF GRID-DEP-WAIT THEN` need). Evaluated in finishPdl; whether the
// body waits is checked on the resolved IR (Resolver::run), where
// INCLUDEd words count.
void HeaderParser::parsePdl(const Token &dir) {
  if (dir.parts.size() > 2) {
    diags.error(dir.parts[2].loc,
                "unexpected '" + dir.parts[2].text +
                    "': '\\! pdl' takes at most one value (a constant "
                    "flag)",
                dir.parts[2].length());
    return;
  }
  if (pdlSeen) {
    diags.error(dir.parts[0].loc,
                "duplicate pdl directive (first at line " +
                    std::to_string(header.pdlLoc.line) + ")",
                dir.parts[0].length());
    return;
  }
  pdlSeen = true;
  header.pdl = true;
  header.pdlLoc = dir.parts[0].loc;
  header.pdlLength = dir.parts[0].length();
  pdlParts.assign(dir.parts.begin() + 1, dir.parts.end());
}

void HeaderParser::finishPdl(const rt::NameLookup &lookup) {
  for (const Token &part : pdlParts) {
    std::string why;
    int64_t value = constantInRange(part.text, lookup, "pdl flags", 0, 1, why);
    if (!why.empty()) {
      diags.error(part.loc, "bad flag '" + part.text + "' in pdl: " + why,
                  part.length());
      continue;
    }
    header.pdl = value != 0;
  }
}

// The dimensions of `\! cluster` or `\! block` (`what`): constants from 1
// to limits[axis] each, into `dims`; false once each bad one is reported.
bool HeaderParser::constantDims(const std::vector<Token> &parts,
                                const rt::NameLookup &lookup, const char *what,
                                const int64_t *limits, uint64_t *dims) {
  const char *axis[] = {"x", "y", "z"};
  bool ok = true;
  for (size_t i = 0; i < parts.size() && i < 3; ++i) {
    const Token &part = parts[i];
    std::string why;
    int64_t value =
        constantInRange(part.text, lookup,
                        (std::string(what) + " dimensions").c_str(), 1,
                        limits[i], why);
    if (!why.empty()) {
      diags.error(part.loc,
                  std::string("bad ") + what + " dimension " + axis[i] + " '" +
                      part.text + "': " + why,
                  part.length());
      ok = false;
      continue;
    }
    dims[i] = static_cast<uint64_t>(value);
  }
  return ok;
}

// Constants, so `\! cluster CX 1 1` follows -D. 8 blocks is the cluster
// size every Hopper GPU runs (16 needs an opt-in attribute at launch,
// which the runtime does not set).
void HeaderParser::finishCluster(const rt::NameLookup &lookup) {
  if (clusterParts.empty())
    return;
  uint64_t dims[3] = {1, 1, 1};
  const int64_t limits[] = {8, 8, 8};
  if (!constantDims(clusterParts, lookup, "cluster", limits, dims))
    return;
  if (dims[0] * dims[1] * dims[2] > 8) {
    diags.error(header.clusterLoc,
                "a cluster of " + std::to_string(dims[0]) + "x" +
                    std::to_string(dims[1]) + "x" + std::to_string(dims[2]) +
                    " = " + std::to_string(dims[0] * dims[1] * dims[2]) +
                    " blocks: at most 8 blocks, the portable cluster size",
                header.clusterLength);
    return;
  }
  std::copy(dims, dims + 3, header.cluster);
}

// `\! block X [Y [Z]]`: the one block shape the kernel is written for
// (PTX .reqntid). Constants, so `\! block 32*WARPS` follows -D; the limits
// are CUDA's (1024 along x and y, 64 along z, 1024 threads in all), and a
// `\! launch-bounds` must allow that many threads.
void HeaderParser::parseBlock(const Token &dir) {
  if (!takeValues(dir, 1, 3, "block", "\\! block X [Y [Z]]", blockParts))
    return;
  header.blockLoc = dir.parts[0].loc;
  header.blockLength = dir.parts[0].length();
}

void HeaderParser::finishBlock(const rt::NameLookup &lookup) {
  if (blockParts.empty())
    return;
  const int64_t limits[] = {1024, 1024, 64};
  uint64_t dims[3] = {1, 1, 1};
  if (!constantDims(blockParts, lookup, "block", limits, dims))
    return;
  uint64_t threads = dims[0] * dims[1] * dims[2];
  std::string shape = std::to_string(dims[0]) + "x" + std::to_string(dims[1]) +
                      "x" + std::to_string(dims[2]);
  if (threads > 1024) {
    diags.error(header.blockLoc,
                "a block of " + shape + " = " + std::to_string(threads) +
                    " threads: at most 1024 threads per block",
                header.blockLength);
    return;
  }
  if (header.maxThreads && threads > header.maxThreads) {
    diags.error(header.blockLoc,
                "a block of " + shape + " = " + std::to_string(threads) +
                    " threads, but the kernel's '\\! launch-bounds " +
                    std::to_string(header.maxThreads) + "' allows at most " +
                    std::to_string(header.maxThreads),
                header.blockLength);
    return;
  }
  std::copy(dims, dims + 3, header.block);
}

// A tensor map's dims and strides are size expressions (params or
// constants, known at launch), its box compile-time constants;
// cuTensorMapEncodeTiled's rules that these decide are checked here, the
// rest (the strides in bytes, the buffer's alignment) at launch.
void HeaderParser::finishTensorMaps(const rt::NameLookup &lookup) {
  for (const TensorMapText &t : tensorMaps) {
    ParamDecl &p = header.params[t.param];
    TensorMapDecl &map = *p.tmap;
    auto err = [&](SourceLoc loc, const std::string &text,
                   const std::string &why) {
      diags.error(loc, "tensor map '" + p.name + "': " + why,
                  static_cast<uint32_t>(std::max<size_t>(1, text.size())));
    };
    bool ok = true;
    for (const std::string &d : t.dims) {
      rt::SizeEval r = rt::evaluateSizeExpr(d, lookup);
      if (r.status == rt::SizeEval::Invalid) {
        err(t.dimsLoc, d, "bad dimension '" + d + "': " + r.detail);
        ok = false;
      } else if (r.status == rt::SizeEval::Known &&
                 (r.value < 1 || r.value > (int64_t(1) << 32))) {
        err(t.dimsLoc, d,
            "dimension '" + d + "' = " + std::to_string(r.value) +
                " must be between 1 and 2^32");
        ok = false;
      }
    }
    // Strides are elements; whether their bytes suit TMA (multiples of 16,
    // below 2^40) is checked at launch, as the dense rows' are.
    for (const std::string &s : t.strides) {
      rt::SizeEval r = rt::evaluateSizeExpr(s, lookup);
      if (r.status == rt::SizeEval::Invalid) {
        err(t.stridesLoc, s, "bad stride '" + s + "': " + r.detail);
        ok = false;
      } else if (r.status == rt::SizeEval::Known && r.value < 1) {
        err(t.stridesLoc, s,
            "stride '" + s + "' = " + std::to_string(r.value) +
                " must be at least 1");
        ok = false;
      }
    }
    for (const std::string &text : t.box) {
      std::string why;
      int64_t v = constantInRange(text, lookup, "box sizes", 1, 256, why);
      if (!why.empty()) {
        err(t.boxLoc, text, "bad box size '" + text + "': " + why);
        ok = false;
        continue;
      }
      map.box.push_back(v);
    }
    if (!t.swizzle.empty()) {
      std::string why;
      int64_t v = constantInRange(t.swizzle, lookup, "swizzles", 0, 128, why);
      if (why.empty() && !validSwizzleBytes(v))
        why = "expected none, 32, 64 or 128";
      if (!why.empty()) {
        diags.error(t.swizzleLoc,
                    "bad swizzle '" + t.swizzle + "' for tensor map '" +
                        p.name + "': " + why,
                    static_cast<uint32_t>(t.swizzle.size()));
        ok = false;
      }
      map.swizzle = v;
    }
    if (!ok || map.box.empty())
      continue;
    int64_t inner = map.box.back() * int64_t(elemTypeBytes(p.type));
    if (inner % 16 != 0)
      err(t.boxLoc, t.box.back(),
          "the box's inner extent is " + std::to_string(inner) +
              " bytes; TMA moves rows of a multiple of 16 bytes");
    else if (map.swizzle && inner > map.swizzle)
      err(t.boxLoc, t.box.back(),
          "the box's inner extent is " + std::to_string(inner) +
              " bytes, more than the " + std::to_string(map.swizzle) +
              "-byte swizzle's span (a box row must fit in it)");
  }
}

void HeaderParser::finish(const std::map<std::string, std::string> &defines,
                          std::optional<FloatMode> floatOverride,
                          SourceLoc fileStart) {
  if (!sawKernel)
    diags.error(fileStart,
                "missing '\\! kernel NAME' directive at the start of the file");
  if (floatOverride)
    header.floatMode = *floatOverride;

  // -D values replace declared constants or add new ones.
  std::map<std::string, std::string> defineByUpper;
  // The defines arrive sorted by name, so 'n' and 'N' cannot be ordered
  // by the command line: two different values for one constant are an
  // error, not a choice by sort order.
  std::map<std::string, std::string> defineSpelling;
  for (const auto &[name, value] : defines) {
    std::string upper = upperCase(name);
    auto [it, inserted] = defineByUpper.emplace(upper, value);
    if (!inserted && it->second != value)
      diags.error(fileStart, "-D " + defineSpelling[upper] + "=" + it->second +
                                 " and -D " + name + "=" + value +
                                 " give one constant two values (names "
                                 "ignore case)");
    defineSpelling.emplace(upper, name);
  }
  for (const auto &[upper, value] : defineByUpper) {
    if (!isAsciiName(upper)) {
      diags.error(fileStart, "-D " + defineSpelling[upper] +
                                 ": the name has a character outside ASCII, "
                                 "which PTX cannot hold");
      continue;
    }
    bool declared = false;
    for (const ConstDecl &c : header.consts)
      declared = declared || upperCase(c.name) == upper;
    if (!declared) {
      ConstDecl c;
      c.name = upper;
      header.consts.push_back(c);
      constExprs.push_back("");
    }
  }

  // The text of every integer constant, after -D.
  std::vector<std::string> texts(header.consts.size());
  std::map<std::string, size_t> constByUpper;
  for (size_t i = 0; i < header.consts.size(); ++i) {
    ConstDecl &c = header.consts[i];
    std::string upper = upperCase(c.name);
    constByUpper[upper] = i;
    texts[i] = constExprs[i];
    auto def = defineByUpper.find(upper);
    if (def == defineByUpper.end())
      continue;
    Token lit;
    if (classifyNumber(def->second, lit, nullptr) &&
        lit.kind == TokenKind::Float) {
      c.isFloat = true;
      c.floatValue = lit.floatValue;
      continue;
    }
    c.isFloat = false;
    texts[i] = def->second;
  }

  // A constant may use any other, declared or from -D, wherever it is: each
  // is evaluated when first needed, so no value depends on the order of the
  // declarations or of the -D options (which arrive sorted by name). A
  // constant that needs itself is an error naming the cycle.
  enum class State { Pending, Evaluating, Done, Failed };
  std::vector<State> states(header.consts.size(), State::Pending);
  std::vector<size_t> evaluating; // the chain being evaluated, outermost first
  std::map<std::string, int64_t> known;
  std::function<void(size_t)> evaluate;
  rt::NameLookup lookup =
      [&](const std::string &name) -> std::optional<int64_t> {
    std::string upper = upperCase(name);
    auto it = known.find(upper);
    if (it != known.end())
      return it->second;
    auto c = constByUpper.find(upper);
    if (c == constByUpper.end() || header.consts[c->second].isFloat)
      return std::nullopt;
    size_t i = c->second;
    if (states[i] == State::Evaluating) {
      // A cycle: report it once, at the constant where it closes, and fail
      // every constant on it without further errors.
      std::string path;
      size_t from = evaluating.size();
      while (from > 0 && evaluating[from - 1] != i)
        --from;
      for (size_t k = from - 1; k < evaluating.size(); ++k) {
        path += header.consts[evaluating[k]].name + " -> ";
        states[evaluating[k]] = State::Failed;
      }
      path += header.consts[i].name;
      const ConstDecl &cd = header.consts[i];
      diags.error(cd.loc.valid() ? cd.loc : fileStart,
                  "constant '" + cd.name + "' = '" + texts[i] +
                      "' is not a compile-time integer: it depends on "
                      "itself (" +
                      path + ")");
      return std::nullopt;
    }
    if (states[i] == State::Pending)
      evaluate(i);
    it = known.find(upper);
    return it == known.end() ? std::nullopt : std::optional(it->second);
  };
  evaluate = [&](size_t i) {
    ConstDecl &c = header.consts[i];
    states[i] = State::Evaluating;
    evaluating.push_back(i);
    rt::SizeEval r = rt::evaluateSizeExpr(texts[i], lookup);
    evaluating.pop_back();
    if (states[i] == State::Failed)
      return; // on a cycle, reported
    if (r.status == rt::SizeEval::Known) {
      states[i] = State::Done;
      c.intValue = r.value;
      known[upperCase(c.name)] = r.value;
      return;
    }
    states[i] = State::Failed;
    std::string why = r.detail;
    if (r.status == rt::SizeEval::Symbolic) {
      auto dep = constByUpper.find(upperCase(r.detail));
      if (dep == constByUpper.end())
        why = "unknown name '" + r.detail + "'" +
              // -D T=bf16 for a kernel without '\! type T ...'
              (parseElemType(texts[i]) ? " (a type: '" + c.name +
                                             "' is no type parameter of "
                                             "this kernel; one is declared "
                                             "with '\\! type " +
                                             c.name + " ...')"
                                       : "");
      else if (header.consts[dep->second].isFloat)
        why = "'" + r.detail + "' is a float constant";
      else
        return; // that constant's error says why
    }
    diags.error(c.loc.valid() ? c.loc : fileStart,
                "constant '" + c.name + "' = '" + texts[i] +
                    "' is not a compile-time integer: " + why);
  };
  for (size_t i = 0; i < header.consts.size(); ++i)
    if (!header.consts[i].isFloat && states[i] == State::Pending)
      evaluate(i);

  for (size_t i = 0; i < header.params.size(); ++i) {
    ParamDecl &p = header.params[i];
    if (!p.isArray || p.size.empty())
      continue;
    if (p.tmap) { // dims, strides checked one by one (finishTensorMaps)
      rt::SizeEval r = rt::evaluateSizeExpr(p.size, lookup);
      if (r.status == rt::SizeEval::Known && r.value > 0)
        p.sizeValue = r.value;
      continue;
    }
    rt::SizeEval r = rt::evaluateSizeExpr(paramSizeText[i], lookup);
    // The value is the one the runtime will compute from the signature.
    if (r.status != rt::SizeEval::Invalid)
      r = rt::evaluateSizeExpr(p.size, lookup);
    if (r.status == rt::SizeEval::Invalid)
      diags.error(paramSizeLocs[i],
                  "bad size '" + paramSizeText[i] + "' for param '" + p.name +
                      "': " + r.detail,
                  static_cast<uint32_t>(paramSizeText[i].size()));
    else if (r.status == rt::SizeEval::Known && r.value < 0)
      diags.error(paramSizeLocs[i],
                  "size of param '" + p.name + "' is negative",
                  static_cast<uint32_t>(p.size.size()));
    else if (r.status == rt::SizeEval::Known)
      p.sizeValue = r.value;
  }

  finishTensorMaps(lookup);

  for (size_t i = 0; i < header.shared.size(); ++i) {
    if (sharedAlignText[i].empty())
      continue;
    std::string why;
    int64_t align =
        constantInRange(sharedAlignText[i], lookup, "alignments", 1, 1024, why);
    if (why.empty() && (align & (align - 1)) != 0)
      why = "must be a power of two";
    if (!why.empty()) {
      diags.error(sharedAlignLocs[i],
                  "bad alignment '" + sharedAlignText[i] + "' for shared '" +
                      header.shared[i].name + "': " + why,
                  static_cast<uint32_t>(sharedAlignText[i].size()));
      continue;
    }
    header.shared[i].align = std::max<uint64_t>(16, align);
  }

  uint64_t offset = 0;
  for (size_t i = 0; i < header.shared.size(); ++i) {
    SharedDecl &s = header.shared[i];
    const std::string &text = sharedSizeText[i];
    if (s.dynamic)
      continue;
    rt::SizeEval r = rt::evaluateSizeExpr(text, lookup);
    std::string why;
    if (r.status == rt::SizeEval::Invalid)
      why = r.detail;
    else if (r.status == rt::SizeEval::Symbolic)
      why = "unknown name '" + r.detail +
            "' (shared sizes must be compile-time constants; use "
            "'\\! const' or -D)";
    else if (r.value <= 0)
      why = "size must be positive";
    else if (r.value > (int64_t(1) << 32))
      why = "size is too large for shared memory";
    if (!why.empty()) {
      diags.error(sharedSizeLocs[i],
                  "bad size '" + text + "' for shared '" + s.name + "': " + why,
                  static_cast<uint32_t>(text.size()));
      continue;
    }
    s.count = r.value;
    // 16-byte alignment keeps every array ready for vector access; `align`
    // asks for more.
    offset = (offset + s.align - 1) & ~(s.align - 1);
    s.byteOffset = offset;
    offset += static_cast<uint64_t>(s.count) * elemTypeBytes(s.type);
  }
  // Rounded up so memory sized at launch starts 16-byte aligned right after.
  uint64_t dynamicAlign = 16;
  for (const SharedDecl &s : header.shared)
    if (s.dynamic)
      dynamicAlign = s.align;
  uint64_t sizedBytes = (offset + dynamicAlign - 1) & ~(dynamicAlign - 1);
  // CUDA caps a kernel's static shared memory at 48 KiB; past that, the
  // sized arrays move, layout unchanged, to the start of dynamic shared
  // memory, which the runtime then sizes itself: the author writes the
  // sizes the kernel needs and no launch has to repeat them. No GPU lets a
  // block have more than 227 KiB.
  constexpr uint64_t maxStaticShared = 48 * 1024, maxShared = 227 * 1024;
  if (offset > maxShared && !header.shared.empty())
    diags.error(header.shared.back().loc,
                "the shared arrays need " + std::to_string(offset) +
                    " bytes, more than the 227 KiB of shared memory any GPU "
                    "gives a block",
                static_cast<uint32_t>(header.shared.back().name.size()));
  if (offset > maxStaticShared) {
    header.largeSharedBytes = sizedBytes;
    for (SharedDecl &s : header.shared)
      s.large = !s.dynamic;
  } else {
    header.sharedBytes = sizedBytes;
  }
  for (SharedDecl &s : header.shared)
    if (s.dynamic)
      s.byteOffset = sizedBytes;

  for (size_t i = 0; i < header.regs.size(); ++i) {
    RegDecl &r = header.regs[i];
    std::string why;
    int64_t value = constantInRange(regSizeText[i], lookup,
                                    "sizes of register arrays", 1, 1024, why);
    if (why.rfind("must be", 0) == 0)
      why = "size " + why;
    if (!why.empty()) {
      diags.error(regSizeLocs[i],
                  "bad size '" + regSizeText[i] + "' for register array '" +
                      r.name + "': " + why,
                  static_cast<uint32_t>(regSizeText[i].size()));
      continue;
    }
    r.count = value;
  }
  finishLaunchBounds(lookup);
  finishBlock(lookup); // after launch-bounds, which it must agree with
  finishCluster(lookup);
  finishPdl(lookup);
}

} // namespace wf
