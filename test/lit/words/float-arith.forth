\ F+ F- F* F/ FNEG FABS FMAX FMIN FLOOR on f64 slots: constants fold to
\ the IEEE results; run-time operands lower to the matching PTX f64
\ instructions (add/sub/mul/div, max/min, cvt.rmi for FLOOR).
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A f64[64]
\! param IN f64[2]
: OUT ( x i -- ) CELLS A + F! ;
1.5 2.25 F+ 0 OUT
1.5 2.25 F- 1 OUT
1.5 -4.0 F* 2 OUT
1.0 8.0 F/ 3 OUT
2.5 FNEG 4 OUT
-2.5 FABS 5 OUT
1.5 -3.0 FMAX 6 OUT
1.5 -3.0 FMIN 7 OUT
-2.5 FLOOR 8 OUT
2.5 FLOOR 9 OUT
IN F@ IN 8 + F@ F+ 10 OUT
IN F@ IN 8 + F@ F- 11 OUT
IN F@ IN 8 + F@ F* 12 OUT
IN F@ IN 8 + F@ F/ 13 OUT
IN F@ IN 8 + F@ FMAX 14 OUT
IN F@ IN 8 + F@ FMIN 15 OUT
IN F@ FNEG 16 OUT
IN F@ FABS 17 OUT
IN F@ FLOOR 18 OUT

\ CHECK: store double 3.750000e+00,
\ CHECK: store double -7.500000e-01,
\ CHECK: store double -6.000000e+00,
\ CHECK: store double 1.250000e-01,
\ CHECK: store double -2.500000e+00,
\ CHECK: store double 2.500000e+00,
\ CHECK: store double 1.500000e+00,
\ CHECK: store double -3.000000e+00,
\ CHECK: store double -3.000000e+00,
\ CHECK: store double 2.000000e+00,

\ PTX: add{{(.rn)?}}.f64
\ PTX: sub{{(.rn)?}}.f64
\ PTX: mul{{(.rn)?}}.f64
\ PTX: div.rn.f64
\ PTX: max.f64
\ PTX: min.f64
\ PTX: neg.f64
\ PTX: abs.f64
\ PTX: cvt.rmi.f64.f64
