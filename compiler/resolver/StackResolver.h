//===- StackResolver.h - From a Forth program to SSA IR -------------------===//
//
// Runs the kernel body at compile time over an abstract stack: each slot is
// an IR value, so the stack exists only in the compiler. Words are inlined
// at each call. Control flow becomes blocks whose parameters carry the
// slots across merges and loop back edges; where paths meet, their depths
// must agree (a compile error otherwise) and slots whose kinds disagree
// meet as integers (the float's bits).
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_RESOLVER_STACKRESOLVER_H
#define WARPFORTH_COMPILER_RESOLVER_STACKRESOLVER_H

#include "compiler/ir/IR.h"
#include "compiler/parser/AST.h"
#include "compiler/support/Diagnostics.h"

namespace wf {

/// Resolves `program` into `module`. Returns false if errors were reported.
bool resolveProgram(const Program &program, DiagnosticEngine &diags,
                    ir::Module &module);

} // namespace wf

#endif
