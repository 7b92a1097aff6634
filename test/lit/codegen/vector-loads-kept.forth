\ A 2SF@ whose two lanes are only used apart stays one 8-byte load: LLVM's
\ VectorCombine would split it into two scalar loads (NVPTX's cost model
\ calls that cheaper), which undoes what the author asked for and, in the
\ flash-attention kernel, left mma.sync operand pairs to be assembled with
\ moves. The compiler turns that rewrite off.
\ RUN: %warpforthc %s --arch sm_90 --emit llvm | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s

\! kernel k
\! float f32
\! param X f32[512]
\! shared TILE f32[512]
TID-X { tid }
X tid FLOATS + F@  tid FLOATS TILE + SF!
BARRIER
tid 8 * 511 AND FLOATS TILE + 2SF@ { a b }
a F>TF32 b F>TF32 X tid FLOATS + 2F!

\ IR: load <2 x float>, ptr addrspace(3)
\ IR-NOT: load float, ptr addrspace(3)
\ CHECK: ld.shared.v2.f32
\ CHECK-NOT: ld.shared.f32
