//===- IR.h - WarpForth's own IR: the stack resolved into SSA values ------===//
//
// A kernel is one function: a list of blocks, each with parameters (the
// values that flow in from its predecessors: stack slots, locals, loop
// counters), instructions and one terminator that passes arguments to the
// successors' parameters. There is no stack left here: every slot the Forth
// program pushed is an SSA value, so code generation only has to map
// blocks to LLVM basic blocks and block parameters to phi nodes.
//
// Values are 64-bit integers or floats of the kernel's float mode. Memory
// instructions carry the element type they access and convert to and from
// those stack types themselves.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_IR_IR_H
#define WARPFORTH_COMPILER_IR_IR_H

#include "compiler/parser/AST.h"
#include "compiler/support/SourceManager.h"
#include "compiler/support/Types.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace wf::ir {

enum class Type : uint8_t { Void, I64, F32, F64 };

enum class Op : uint8_t {
  ConstInt,      // imm
  ConstFloat,    // fimm
  ParamValue,    // index: scalar param
  ParamAddr,     // index: array param; its base address as an integer
  SharedAddr,    // index: shared array; its base address as an integer
  TensorMapAddr, // index: a '\! tmap' param; its tensor map's address
  SpecialReg,    // index: SpecialReg
  // Integer arithmetic on i64.
  Add,
  Sub,
  Mul,
  SDiv,
  SRem,
  And,
  Or,
  Xor,
  Shl,
  LShr,
  AShr,
  ICmp, // pred; result is a Forth flag: -1 or 0
  // Float arithmetic in the kernel's float type.
  FAdd,
  FSub,
  FMul,
  FDiv,
  FNeg,
  FAbs,
  FSqrt,
  FExp,
  FExp2,
  FToTF32, // round to TF32 (10-bit mantissa), nearest, ties away
  TF32Big, // FToTF32 by bit arithmetic: no NaN check (see TF32-SPLIT)
  FLog,
  FMax,
  FMin,
  FTanh,
  FTanhApprox, // tanh.approx.f32 on the GPU (sm_75), libm's on the host
  FPow,
  FFloor,
  FSin, // libdevice on the GPU, libm on the host (TargetHooks::math)
  FCos,
  FErf,
  FCmp,   // pred; result is a Forth flag
  Select, // operands: flag, if-nonzero, if-zero
  // Conversions between slot kinds.
  SIToFP,
  FPToSI,
  BitsToFloat, // reinterpret an integer slot as a float (the low bits)
  HalfToFloat, // the f16 whose bits are the low 16 of an integer slot
  FloatToBits, // reinterpret a float slot as an integer
  // Memory: the address operand is a byte address as an integer.
  Load,  // elem, space; operand: addr
  Store, // elem, space; operands: value, addr
  Barrier,
  // Warps and atomics.
  WarpSync, // the warp's lanes meet; orders their memory accesses
  Shfl,     // imm: ShflMode; operands: value, lane/mask/delta
  Atomic,   // imm: AtomicOp; elem, space; operands: value.., addr
  LoadLane, // index: lane, imm: lanes; elem, space; operand: addr. All
            // lanes of one address become one vector load.
  StoreVec, // elem, space; operands: values.., addr
  // 32-bit arithmetic, sign-extended back to i64.
  Add32,
  Sub32,
  Mul32,
  // Tensor cores: one warp-wide multiply-add, imm: the MmaKind (its
  // operands: a0..a3, b0, b1, then the accumulators); index: which result
  // this lane is. The lanes of one product share `group` and become one
  // instruction.
  MmaLane,
  // ldmatrix / stmatrix of imm & 7 (1, 2 or 4) 8x8 b16 matrices, transposed
  // when imm & 8, space shared. MatrixLoad: operand: this lane's row
  // address; index: which result register; the lanes of one use share
  // `group`. MatrixStore: operands: the registers, then the row address.
  MatrixLoad,
  MatrixStore,
  // cp.async: CpAsync copies 16 bytes, operands: global src, shared dst;
  // CpAsyncCommit closes the thread's group; CpAsyncWait (imm: n) waits
  // until at most n of its groups are in flight.
  CpAsync,
  CpAsyncCommit,
  CpAsyncWait,
  // Hopper warpgroup MMA (sm_90a). Wgmma: one wgmma.mma_async, imm:
  // wgmmaImm(); operands: desc-a, desc-b, scale-d, then the accumulators;
  // index: which accumulator this result is; the results of one use share
  // `group`. WgmmaSync: wgmma.fence, commit_group or wait_group (imm:
  // WgmmaSyncKind | n << 8) with every accumulator register of the kernel
  // passed through (operands; results as for Wgmma; Void when none), so
  // that no access to them moves across it.
  Wgmma,
  WgmmaSync,
  // The offset of a shared address in the block's shared window, as the
  // matrix descriptors and the GPU's 32-bit shared addresses count it.
  SharedWindowOffset,
  // setmaxnreg.inc / .dec: imm: the register count, negative for dec.
  SetMaxNReg,
  // A primitive of family Target (Primitives.def): imm: the Prim; operands:
  // its In cells; index: which result this is. The results of one use
  // share `group` and come from one instruction (or CPU call).
  TargetWord,
  // sm_90's asynchronous machinery (Primitives.def, family Async): imm: the
  // Prim, index: its AsyncKind; operands: its In cells. MBAR-TRY-WAIT
  // gives a flag, the others nothing.
  Async,
  // ASSERT: operand: the flag; a zero flag is reported (checked builds
  // only: otherwise the lowering drops it).
  Assert,
  // A computed register-array index: operand: the index; index: the
  // register array; imm: 1 for NAME!, 0 for NAME@. Outside the array it is
  // reported (the CPU always, the GPU under --check-bounds).
  RegIndexCheck,
};

enum class ShflMode : uint8_t { Xor, Down, Up, Idx };
// The mma.sync shapes and types (Primitives.def, family Mma).
enum class MmaKind : uint8_t {
  TF32,   // m16n8k8, tf32 inputs (float cells), f32 accumulators
  BF16,   // m16n8k16, bf16x2 inputs (integer cells), f32 accumulators
  F16,    // m16n8k16, f16x2 inputs, f32 accumulators
  F16Acc, // m16n8k16, f16x2 inputs, f16x2 accumulators (integer cells)
};
/// The number of accumulator (and result) cells of an MMA.
inline unsigned mmaAccumulators(MmaKind kind) {
  return kind == MmaKind::F16Acc ? 2 : 4;
}
// WgmmaSync's kinds (imm & 0xff).
enum class WgmmaSyncKind : uint8_t { Fence, Commit, Wait };
// Wgmma's imm: the input type (0 bf16, 1 f16), transposes (imm-tnsp-a,
// imm-tnsp-b: M-major A, N-major B), A from registers (wgmmaRegisterA:
// operands a0..a3 desc-b scale-d instead of desc-a desc-b scale-d) and N.
constexpr int64_t wgmmaRegisterA = 8;
inline int64_t wgmmaImm(bool f16, bool tnspA, bool tnspB, unsigned n,
                        bool registerA = false) {
  return int64_t(f16) | int64_t(tnspA) << 1 | int64_t(tnspB) << 2 |
         (registerA ? wgmmaRegisterA : 0) | int64_t(n) << 8;
}
/// The operands before the accumulators of a Wgmma with this imm.
inline size_t wgmmaFixedOperands(int64_t imm) {
  return imm & wgmmaRegisterA ? 6 : 3;
}
/// The words of family Async (Primitives.def).
enum class AsyncKind : uint8_t {
#define ASYNC_KIND(Enum, CName) Enum,
#include "common/AsyncKinds.def"
#undef ASYNC_KIND
};
enum class AtomicOp : uint8_t { Add, Min, Max, Xchg, Cas, FAdd };

enum class Pred : uint8_t { EQ, NE, LT, GT, LE, GE, ULT, UGT };
enum class AddrSpace : uint8_t { Global, Shared };

enum class SpecialReg : uint8_t {
  TidX,
  TidY,
  TidZ,
  BidX,
  BidY,
  BidZ,
  BdimX,
  BdimY,
  BdimZ,
  GdimX,
  GdimY,
  GdimZ,
  LaneId,
  LinearTid,   // tid.x + tid.y * bdim.x + tid.z * bdim.x * bdim.y
  ClusterRank, // %cluster_ctarank
  ClusterSize, // %cluster_nctarank
  ClusterIdX,  // %clusterid.x/y/z
  ClusterIdY,
  ClusterIdZ,
};

struct Block;

struct Value {
  enum class Kind : uint8_t { Inst, BlockParam } kind;
  Type type;
  unsigned id = 0; // numbered by the printer
  Value(Kind kind, Type type) : kind(kind), type(type) {}
  virtual ~Value() = default;
};

struct Inst : Value {
  Inst(Op op, Type type) : Value(Kind::Inst, type), op(op) {}
  Op op;
  std::vector<Value *> operands;
  int64_t imm = 0;
  double fimm = 0.0;
  ElemType elem = ElemType::I64;
  AddrSpace space = AddrSpace::Global;
  Pred pred = Pred::EQ;
  unsigned index = 0;
  unsigned group = 0; // LoadLane, MmaLane: the lanes of one access share it
  SourceLoc loc;
  Block *parent = nullptr;
};

struct BlockParam : Value {
  BlockParam(Type type, Block *parent, unsigned index)
      : Value(Kind::BlockParam, type), parent(parent), index(index) {}
  Block *parent;
  unsigned index;
};

struct Terminator {
  enum class Kind : uint8_t { None, Br, CondBr, Ret } kind = Kind::None;
  Value *cond = nullptr; // CondBr: branch to targets[0] when nonzero
  Block *targets[2] = {nullptr, nullptr};
  std::vector<Value *> args[2];
  SourceLoc loc;
};

/// The most iterations of a loop that needs no poll (Block::loopBounded).
inline constexpr int64_t kBoundedLoopTrips = int64_t(1) << 16;

struct Block {
  unsigned id = 0;
  std::vector<std::unique_ptr<BlockParam>> params;
  std::vector<std::unique_ptr<Inst>> insts;
  Terminator term;
  // A loop header (BEGIN, DO, ?DO): the word and where it is written, for
  // the host's poll at each iteration (TargetHooks::loopPoll); invalid
  // for any other block.
  SourceLoc loopLoc;
  std::string loopWord;
  // A DO loop with constant bounds and step, whose trip count is small
  // (at most kBoundedLoopTrips): it always ends, so it needs no poll.
  bool loopBounded = false;

  BlockParam *addParam(Type type);
};

struct Function {
  std::vector<std::unique_ptr<Block>> blocks; // blocks[0] is the entry
  Block *newBlock();
};

/// The first use of a word that needs a newer GPU than sm_50, as the user
/// wrote it (a stdlib word's call site, not the line inside the prelude).
struct ArchRequirement {
  unsigned minSm = 0; // 0: none
  std::string word;
  SourceLoc loc;
  uint32_t length = 1;
};

struct Module {
  KernelHeader header;
  Function body;
  ArchRequirement needs;
  // The first word that needs the architecture-specific target (sm_90a);
  // minSm 0 when none does.
  ArchRequirement needsArchSpecific;
};

const char *typeName(Type type);
const char *opName(Op op);
const char *specialRegName(SpecialReg reg);

/// Text form for --emit ir.
std::string printModule(const Module &module);

} // namespace wf::ir

#endif
