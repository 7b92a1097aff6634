\ Addresses into a shared tile, `row STRIDE * col + FLOATS TILE +`, with
\ rows and columns a lane's part plus constants: the compiler gives LLVM
\ the offset as an index of 4-byte elements, so the constants become load
\ immediates off one base register ([%rd+imm]) instead of one 64-bit
\ address register per load (which cost registers and spills in the
\ flash-attention kernel).
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s

\! kernel k
\! float f32
\! const STRIDE 68
\! param X f32[4096]
\! shared TILE f32[]
: at ( row col -- addr )  SWAP STRIDE * + FLOATS TILE + ;
LANE-ID 4 / { g }  LANE-ID 4 MOD { c }
0.0
8 0 UNROLL DO
  I 8 * g + c 4 + at SF@ F+
  I 8 * g + 8 + c at SF@ F+
LOOP
X TID-X FLOATS + F!

\ CHECK: ld.shared.f32 %f{{[0-9]+}}, [[[BASE:%rd[0-9]+]]+16];
\ CHECK-COUNT-15: ld.shared.f32 %f{{[0-9]+}}, [[[BASE]]+{{[0-9]+}}];
\ CHECK-NOT: ld.shared
