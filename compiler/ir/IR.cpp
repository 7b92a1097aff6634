//===- IR.cpp - IR construction helpers and names -------------------------===//
#include "compiler/ir/IR.h"

namespace wf::ir {

BlockParam *Block::addParam(Type type) {
  params.push_back(std::make_unique<BlockParam>(
      type, this, static_cast<unsigned>(params.size())));
  return params.back().get();
}

Block *Function::newBlock() {
  blocks.push_back(std::make_unique<Block>());
  blocks.back()->id = static_cast<unsigned>(blocks.size() - 1);
  return blocks.back().get();
}

const char *typeName(Type type) {
  switch (type) {
  case Type::Void:
    return "void";
  case Type::I64:
    return "i64";
  case Type::F32:
    return "f32";
  case Type::F64:
    return "f64";
  }
  return "?";
}

const char *opName(Op op) {
  switch (op) {
  case Op::ConstInt:
    return "const";
  case Op::ConstFloat:
    return "fconst";
  case Op::ParamValue:
    return "param";
  case Op::ParamAddr:
    return "param.addr";
  case Op::SharedAddr:
    return "shared.addr";
  case Op::SpecialReg:
    return "sreg";
  case Op::Add:
    return "add";
  case Op::Sub:
    return "sub";
  case Op::Mul:
    return "mul";
  case Op::SDiv:
    return "sdiv";
  case Op::SRem:
    return "srem";
  case Op::And:
    return "and";
  case Op::Or:
    return "or";
  case Op::Xor:
    return "xor";
  case Op::Shl:
    return "shl";
  case Op::LShr:
    return "lshr";
  case Op::AShr:
    return "ashr";
  case Op::ICmp:
    return "icmp";
  case Op::FAdd:
    return "fadd";
  case Op::FSub:
    return "fsub";
  case Op::FMul:
    return "fmul";
  case Op::FDiv:
    return "fdiv";
  case Op::FNeg:
    return "fneg";
  case Op::FAbs:
    return "fabs";
  case Op::FSqrt:
    return "fsqrt";
  case Op::FExp:
    return "fexp";
  case Op::FExp2:
    return "fexp2";
  case Op::FToTF32:
    return "f2tf32";
  case Op::TF32Big:
    return "tf32.big";
  case Op::CpAsync:
    return "cp.async";
  case Op::CpAsyncCommit:
    return "cp.async.commit";
  case Op::CpAsyncWait:
    return "cp.async.wait";
  case Op::Wgmma:
    return "wgmma";
  case Op::WgmmaSync:
    return "wgmma.sync";
  case Op::SharedWindowOffset:
    return "shared.offset";
  case Op::SetMaxNReg:
    return "setmaxnreg";
  case Op::FLog:
    return "flog";
  case Op::FMax:
    return "fmax";
  case Op::FMin:
    return "fmin";
  case Op::FTanh:
    return "ftanh";
  case Op::FTanhApprox:
    return "ftanh.approx";
  case Op::FPow:
    return "fpow";
  case Op::FFloor:
    return "ffloor";
  case Op::FSin:
    return "fsin";
  case Op::FCos:
    return "fcos";
  case Op::FErf:
    return "ferf";
  case Op::FCmp:
    return "fcmp";
  case Op::Select:
    return "select";
  case Op::SIToFP:
    return "sitofp";
  case Op::FPToSI:
    return "fptosi";
  case Op::BitsToFloat:
    return "bits2float";
  case Op::FloatToBits:
    return "float2bits";
  case Op::Load:
    return "load";
  case Op::Store:
    return "store";
  case Op::Barrier:
    return "barrier";
  case Op::WarpSync:
    return "warp.sync";
  case Op::Assert:
    return "assert";
  case Op::RegIndexCheck:
    return "reg_index_check";
  case Op::Shfl:
    return "shfl";
  case Op::Atomic:
    return "atomic";
  case Op::LoadLane:
    return "load.lane";
  case Op::StoreVec:
    return "store.vec";
  case Op::Add32:
    return "add32";
  case Op::Sub32:
    return "sub32";
  case Op::Mul32:
    return "mul32";
  case Op::MmaLane:
    return "mma";
  case Op::MatrixLoad:
    return "ldmatrix";
  case Op::MatrixStore:
    return "stmatrix";
  case Op::HalfToFloat:
    return "half2float";
  case Op::TargetWord:
    return "word";
  case Op::TensorMapAddr:
    return "tmap";
  case Op::Async:
    return "async";
  }
  return "?";
}

const char *specialRegName(SpecialReg reg) {
  static const char *const names[] = {
      "tid.x",       "tid.y",       "tid.z",        "bid.x",
      "bid.y",       "bid.z",       "bdim.x",       "bdim.y",
      "bdim.z",      "gdim.x",      "gdim.y",       "gdim.z",
      "laneid",      "linear.tid",  "cluster.rank", "cluster.size",
      "clusterid.x", "clusterid.y", "clusterid.z"};
  return names[static_cast<unsigned>(reg)];
}

} // namespace wf::ir
