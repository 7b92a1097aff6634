//===- KernelSignature.h - What a compiled kernel expects -----------------===//
//
// warpforthc writes a signature block at the top of every PTX file (and hands
// the same text to host kernels), so the runtime can check a launch's
// arguments without any compiler in the process:
//
//   // @warpforth-signature 1
//   // @kernel attention
//   // @float f64
//   // @param Q array f64 SEQ_LEN*HEAD_DIM
//   // @param SEQ_LEN scalar i64
//   // @param A tmap bf16 M,K 64,64 128     (dims, box, swizzle bytes)
//   // @param Q tmap bf16 B,N,D 1,64,64 128 SB,SN   (strides: not dense)
//   // @shared SCORES f64 1024
//   // @shared-bytes 8192
//   // @large-shared-bytes 65536      (only when the arrays pass 48 KiB)
//   // @max-threads 256
//   // @arch sm_80
//   // @const MAX_SEQ 1024
//   // @checked                       (a checked build: CheckABI.h)
//   // @check-site access 8-byte store to param 'Q', k.forth:3:7
//   // @end
//
// Params come in kernel argument order. An array's size is an expression
// (see SizeExpr.h) or '-' when none was declared. Unknown directives and
// extra trailing fields are ignored so newer compilers can add to the block.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMMON_KERNELSIGNATURE_H
#define WARPFORTH_COMMON_KERNELSIGNATURE_H

#include "common/ElemType.h"
#include "common/SizeExpr.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wf::rt {

/// A '\! tmap' param's tensor map: the launch passes an array (isArray,
/// size the product of the dims, or with strides the extent
/// tensorMapExtent gives) and the runtime builds the map from it. Lists
/// outermost first, as in the kernel header.
struct TensorMapSpec {
  std::vector<std::string> dims; ///< size expressions
  std::vector<int64_t> box;
  int64_t swizzle = 0; ///< bytes: 0, 32, 64, 128
  /// Elements between consecutive indices of each dim but the innermost
  /// (size expressions, one per dim but the last); empty: dense, row-major.
  std::vector<std::string> strides;
};

struct ParamDecl {
  std::string name;
  bool isArray = false;
  ElemType type = ElemType::I64;
  /// Array element count as a size expression; empty when undeclared ('-')
  /// and for scalars.
  std::string size;
  std::optional<TensorMapSpec> tmap;
};

struct SharedDecl {
  std::string name;
  ElemType type = ElemType::I64;
  int64_t count = 0;
};

/// A signature's size expressions parsed once, as every launch evaluates
/// them (runtime/LaunchCheck.cpp, runtime/TensorMaps.cpp): per param its
/// declared count, and a tensor map's dims and strides (header order).
/// Names are integer scalar params (by index) and constants.
struct SignatureSizes {
  std::vector<std::optional<SizeProgram>> counts;
  std::vector<std::vector<SizeProgram>> dims, strides;
};

struct KernelSignature {
  int version = 1;
  std::string kernel;
  /// The kernel's float width (@float), when the block says it.
  std::optional<ElemType> floatType;
  std::vector<ParamDecl> params;
  std::vector<SharedDecl> shared;
  /// Static shared memory in bytes (@shared-bytes, else the sum of @shared).
  int64_t sharedBytes = 0;
  /// Dynamic shared memory the kernel's own sized arrays take, when they
  /// pass the 48 KiB cap on static shared memory (@large-shared-bytes): the
  /// runtime adds it to every launch's dynamic bytes, which go after it.
  int64_t largeSharedBytes = 0;
  /// The shared array sized at launch (@dynamic-shared), if any.
  std::optional<SharedDecl> dynamicShared; // count 0: set at launch
  /// Integer @const values, for size expressions.
  std::map<std::string, int64_t> consts;
  /// Most threads a block may have (@max-threads, from the kernel's
  /// launch-bounds); 0: no bound but the device's.
  int64_t maxThreads = 0;
  /// The block shape the kernel requires (@block, from its '\! block X Y
  /// Z'; PTX .reqntid); all 0 when any shape will do. A launch with
  /// another is refused on both devices; the tools and Python launch with
  /// it by default.
  int64_t block[3] = {0, 0, 0};
  /// The blocks of a cluster along x, y, z (@cluster, from the kernel's
  /// '\! cluster X Y Z'); all 0 when the kernel declares none. The grid
  /// must be a whole number of clusters.
  int64_t cluster[3] = {0, 0, 0};
  /// Launched with programmatic dependent launch (@pdl, from the kernel's
  /// '\! pdl'): the GPU backend lets it start before the previous kernel
  /// on its stream has finished (on sm_90 and newer; the kernel waits with
  /// griddepcontrol.wait). The CPU backend runs launches in order anyway.
  bool pdl = false;
  /// The GPU architecture the kernel was compiled for (@arch, "sm_80");
  /// empty in blocks from older compilers. The CPU backend holds launches
  /// to that architecture's limits, as a GPU would.
  std::string arch;
  /// A checked build (--check-bounds, or ASSERT under DEBUG): on the GPU
  /// the kernel takes the check record after its params (CheckABI.h).
  bool checked = false;
  /// Compiled for the CPU in sanitize mode (@sanitize): the host code calls
  /// WfHostCtx::sanitize, and the CPU executor keeps the sanitizer's state.
  bool sanitize = false;
  /// Its check sites in index order: each @check-site line's text.
  std::vector<std::string> checkSites;

  /// The size expressions, parsed (parseSignature fills this in; empty for
  /// a signature built by hand, for which sizePrograms parses them). They
  /// hold param indices: code that edits `params` after parsing resets it.
  std::shared_ptr<const SignatureSizes> sizes;

  /// The param's index in argument order, or -1.
  int paramIndex(const std::string &name) const;
  /// `sizes`, or where it is empty the expressions parsed now.
  std::shared_ptr<const SignatureSizes> sizePrograms() const;
};

/// The newest block version this runtime reads.
constexpr int kSignatureVersion = 1;

/// Parses the signature block out of `text` (PTX, or the block alone); lines
/// before `// @warpforth-signature` are skipped. Throws Error with the line
/// number on a malformed block, and "no WarpForth signature in PTX" when
/// there is no block at all.
KernelSignature parseSignature(const std::string &text);

/// Renders `sig` as a signature block (what parseSignature reads back).
std::string formatSignature(const KernelSignature &sig);

} // namespace wf::rt

#endif
