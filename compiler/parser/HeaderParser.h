//===- HeaderParser.h - The `\!` directives -------------------------------===//
#ifndef WARPFORTH_COMPILER_PARSER_HEADERPARSER_H
#define WARPFORTH_COMPILER_PARSER_HEADERPARSER_H

#include "common/SizeExpr.h"
#include "compiler/lexer/Token.h"
#include "compiler/parser/AST.h"
#include "compiler/support/Diagnostics.h"

#include <map>
#include <string>

namespace wf {

/// Collects directives one at a time, then resolves sizes once every
/// constant is known (a size may name a constant declared after it).
class HeaderParser {
public:
  HeaderParser(KernelHeader &header, DiagnosticEngine &diags)
      : header(header), diags(diags) {}

  /// `isFirst`: this is the first token of the kernel file.
  void addDirective(const Token &directive, bool isFirst);
  /// A `\! type` parameter's name (TypeParams.h), so that no other header
  /// name takes it.
  void declareTypeParam(const Token &name) { claimName(name); }
  /// Applies -D defines, evaluates sizes, lays out shared memory and checks
  /// that a kernel directive was seen (`fileStart` locates that error).
  void finish(const std::map<std::string, std::string> &defines,
              std::optional<FloatMode> floatOverride, SourceLoc fileStart);

private:
  void parseKernel(const Token &dir);
  void parseParam(const Token &dir);
  void parseTensorMap(const Token &dir);
  void finishTensorMaps(const rt::NameLookup &lookup);
  void parseShared(const Token &dir);
  void parseConst(const Token &dir);
  void parseFloat(const Token &dir);
  void parseReg(const Token &dir);
  void parseLaunchBounds(const Token &dir);
  void finishLaunchBounds(const rt::NameLookup &lookup);
  void parseBlock(const Token &dir);
  void finishBlock(const rt::NameLookup &lookup);
  void parseCluster(const Token &dir);
  void finishCluster(const rt::NameLookup &lookup);
  bool constantDims(const std::vector<Token> &parts,
                    const rt::NameLookup &lookup, const char *what,
                    const int64_t *limits, uint64_t *dims);
  void finishPdl(const rt::NameLookup &lookup);
  void parsePdl(const Token &dir);
  bool checkArgCount(const Token &dir, size_t want, const char *usage);
  bool takeValues(const Token &dir, size_t least, size_t most, const char *name,
                  const char *usage, std::vector<Token> &parts);
  bool claimName(const Token &nameTok);
  /// Splits "f64[SEQ*DIM]" into type and size; reports bad types.
  bool parseTypeSpec(const Token &dir, size_t firstPart, ElemType &type,
                     bool &isArray, std::string &sizeText, SourceLoc &loc,
                     size_t endPart = SIZE_MAX);

  KernelHeader &header;
  DiagnosticEngine &diags;
  bool sawKernel = false;
  bool sawFloat = false;
  std::map<std::string, SourceLoc> names; // upper-cased, for duplicates
  std::vector<std::string> constExprs;    // integer const text, by index
  std::vector<SourceLoc> paramSizeLocs, sharedSizeLocs;
  std::vector<std::string> paramSizeText, sharedSizeText; // with spaces
  std::vector<std::string> regSizeText;
  std::vector<SourceLoc> regSizeLocs;
  std::vector<Token> boundsParts;  // \! launch-bounds arguments, unevaluated
  std::vector<Token> clusterParts; // \! cluster X Y Z, unevaluated
  std::vector<Token> blockParts;   // \! block X [Y [Z]], unevaluated
  std::vector<Token> pdlParts;     // \! pdl FLAG, unevaluated
  bool pdlSeen = false;
  /// A '\! tmap' param's header text, checked once constants are known.
  struct TensorMapText {
    size_t param;                  // index in header.params
    std::vector<std::string> dims; // as written (spaces kept)
    SourceLoc dimsLoc;
    std::vector<std::string> box;
    SourceLoc boxLoc;
    std::string swizzle; // a constant's name or an expression, else empty
    SourceLoc swizzleLoc;
    std::vector<std::string> strides; // as written; empty: dense
    SourceLoc stridesLoc;
  };
  std::vector<TensorMapText> tensorMaps;
  /// `\! shared ... align N`: the alignment's text and place, by array.
  std::vector<std::string> sharedAlignText;
  std::vector<SourceLoc> sharedAlignLocs;
};

} // namespace wf

#endif
