//===- AST.h - A parsed WarpForth program ---------------------------------===//
//
// The parser's output: the kernel header, the word definitions and the
// kernel body. Names are already bound (Forth binds a name when the word
// using it is defined), so every item says exactly what it refers to; stack
// effects are not known yet: that is the resolver's job.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_PARSER_AST_H
#define WARPFORTH_COMPILER_PARSER_AST_H

#include "common/KernelSignature.h"
#include "compiler/support/SourceManager.h"
#include "compiler/support/Types.h"
#include "compiler/words/Words.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wf {

/// `\! tmap NAME TYPE[D0,D1,..] [strides S0,S1,..] box B0,B1,.. [swizzle
/// S]`: an array param that kernels see as a tensor map for the TMA words;
/// the runtime's description (outermost first, as in the header).
using TensorMapDecl = rt::TensorMapSpec;

/// A kernel param: what the runtime's signature holds of it (name, type,
/// array size as written, tensor map), plus where it was declared and the
/// size's value when it is known at compile time.
struct ParamDecl : rt::ParamDecl {
  SourceLoc loc;
  std::optional<int64_t> sizeValue;
};

struct SharedDecl {
  std::string name;
  SourceLoc loc;
  ElemType type = ElemType::I64;
  int64_t count = 0;
  // Within the block's shared memory: the static arrays, then the dynamic
  // memory (where the large arrays and then the `TYPE[]` one lie).
  uint64_t byteOffset = 0;
  bool dynamic = false; // `TYPE[]`: sized at launch, after the others
  bool large = false;   // sized, but in dynamic memory (see largeSharedBytes)
  uint64_t align = 16;  // `align N`: the array's byte alignment
};

/// A per-thread array that lives in registers (`\! reg NAME TYPE[N]`).
struct RegDecl {
  std::string name;
  SourceLoc loc;
  ElemType type = ElemType::F32;
  int64_t count = 0;
  // Named by a WGMMA word: its registers are tied through WGMMA-FENCE and
  // WGMMA-WAIT so that no read or write of them moves across those.
  bool accumulator = false;
};

struct ConstDecl {
  std::string name;
  SourceLoc loc;
  bool isFloat = false;
  int64_t intValue = 0;
  double floatValue = 0.0;
};

struct KernelHeader {
  std::string name;
  SourceLoc loc;
  FloatMode floatMode = FloatMode::F64;
  std::vector<ParamDecl> params;
  std::vector<SharedDecl> shared;
  std::vector<ConstDecl> consts;
  std::vector<RegDecl> regs;
  uint64_t sharedBytes = 0;
  // Sized shared arrays that together pass CUDA's 48 KiB cap on static
  // shared memory live at the start of dynamic shared memory instead: these
  // bytes, which the runtime adds to every launch's own (0: all static).
  uint64_t largeSharedBytes = 0;
  // \! launch-bounds: at most maxThreads per block (0: no bound), and
  // registers for minBlocks blocks per multiprocessor (0: no ask).
  uint64_t maxThreads = 0;
  uint64_t minBlocks = 0;
  // \! block X [Y [Z]]: the one block shape the kernel runs with (all 0:
  // any); blockLoc locates the directive.
  uint64_t block[3] = {0, 0, 0};
  SourceLoc blockLoc;
  uint32_t blockLength = 1;
  // \! cluster X Y Z: the blocks of each cluster along x, y, z (all 0: the
  // kernel declares none); clusterLoc locates the directive.
  uint64_t cluster[3] = {0, 0, 0};
  SourceLoc clusterLoc;
  uint32_t clusterLength = 1;
  // \! pdl: launched with programmatic stream serialization (it may start
  // before the previous kernel on its stream has finished, and must
  // GRID-DEP-WAIT before reading what that kernel wrote); pdlLoc locates
  // the directive.
  bool pdl = false;
  SourceLoc pdlLoc;
  uint32_t pdlLength = 1;
};

enum class ItemKind {
  IntLiteral,
  FloatLiteral,
  Primitive,  // prim
  Call,       // index: WordDef in Program::words
  Control,    // control
  LocalsDecl, // binds locals [index, index + count) from the stack
  LocalGet,   // index: local of the enclosing definition
  LocalSet,   // TO name; index: local
  ParamRef,   // index: KernelHeader::params
  SharedRef,  // index: KernelHeader::shared
  RegGet,     // NAME@ ( i -- x ); index: KernelHeader::regs
  RegSet,     // NAME! ( x i -- ); index: KernelHeader::regs
};

struct Item {
  ItemKind kind;
  SourceLoc loc;
  std::string text; // the word as written, for messages
  int64_t intValue = 0;
  double floatValue = 0.0;
  Prim prim = Prim::Dup;
  ControlWord control = ControlWord::If;
  unsigned index = 0;
  unsigned count = 0;    // LocalsDecl: how many locals it binds
  unsigned zeroInit = 0; // LocalsDecl: trailing locals set to 0 (`|`)
  bool unroll = false;   // DO/?DO preceded by UNROLL
  size_t match = 0;      // DO/?DO: index of its LOOP/+LOOP in the body
};

struct WordDef {
  std::string name;
  SourceLoc loc;
  bool fromPrelude = false;
  std::vector<std::string> locals; // names of its locals, by index
  std::vector<Item> body;
};

struct Program {
  KernelHeader header;
  std::vector<WordDef> words;
  WordDef kernel; // the top-level code outside definitions
};

/// Text form for --emit ast.
std::string printAST(const Program &program);

} // namespace wf

#endif
