\ Compiling the same kernel twice gives byte-identical output at every
\ stage.
\ RUN: %warpforthc %s -o %t.1.ptx
\ RUN: %warpforthc %s -o %t.2.ptx
\ RUN: diff %t.1.ptx %t.2.ptx
\ RUN: %warpforthc %s --emit llvm -o %t.1.ll
\ RUN: %warpforthc %s --emit llvm -o %t.2.ll
\ RUN: diff %t.1.ll %t.2.ll
\ RUN: %warpforthc %s --emit ir -o %t.1.ir
\ RUN: %warpforthc %s --emit ir -o %t.2.ir
\ RUN: diff %t.1.ir %t.2.ir
\ RUN: FileCheck %s < %t.1.ptx

\! kernel k
\! param A f64[64]
\! param N i64
\! shared T f64[64]
GLOBAL-ID DUP N < IF
  DUP CELLS A + F@ FEXP FLOG TID-X CELLS T + SF! BARRIER
  0.0 8 0 DO I CELLS T + SF@ F+ LOOP SWAP CELLS A + F!
ELSE DROP THEN

\ CHECK: .visible .entry k(
\ CHECK: bar.sync 0;
