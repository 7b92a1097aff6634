\ In f32 mode every float slot is an f32: arithmetic, math, conversions,
\ float loads/stores and literals use .f32 and no instruction touches f64.
\ FLOATS is 4 bytes.
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=NOF64
\ RUN: %warpforthc %s --emit llvm | FileCheck %s --check-prefix=LLVM

\! kernel k
\! float f32
\! param X f32[64]
\! param N i64
: X@ FLOATS X + F@ ;
GLOBAL-ID DUP N < IF
  DUP X@ FSQRT 2.5 F* FEXP FLOG FTANH FABS FNEG 1.0 FMAX 0.5 FMIN FLOOR
  OVER 1+ X@ F** OVER 2 + X@ F/ N S>F F- DUP F>S S>F F+
  SWAP FLOATS X + F!
ELSE DROP THEN

\ CHECK:     sqrt.rn.f32
\ CHECK:     ex2.approx.ftz.f32
\ CHECK:     max.f32
\ CHECK:     min.f32
\ CHECK:     cvt.rmi.f32.f32
\ CHECK:     cvt.rzi.s64.f32
\ CHECK:     st.global.f32

\ NOF64-NOT: {{\.f64|%fd|\.local|call}}

\ LLVM-NOT: double
