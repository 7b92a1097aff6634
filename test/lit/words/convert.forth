\ S>F converts a cell to a float, F>S truncates toward zero and saturates
\ (NaN gives 0), CELLS multiplies by 8, FLOATS by the float size (8 in f64
\ mode, 4 in f32 mode).
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s --emit llvm --float f32 | FileCheck %s --check-prefix=F32
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A i64[64]
\! param IN f64[2]
: OUT ( n i -- ) CELLS A + ! ;
-3 S>F 0.5 F+ F>S 0 OUT
2.9 F>S 1 OUT
-2.9 F>S 2 OUT
1.0e30 F>S 3 OUT
-1.0e30 F>S 4 OUT
0.0 0.0 F/ F>S 5 OUT
3 CELLS 6 OUT
3 FLOATS 7 OUT
IN F@ F>S 8 OUT
IN @ S>F IN 8 + F!

\ CHECK: store i64 -2,
\ CHECK: store i64 2,
\ CHECK: store i64 -2,
\ CHECK: store i64 9223372036854775807,
\ CHECK: store i64 -9223372036854775808,
\ CHECK: store i64 0,
\ CHECK: store i64 24,
\ CHECK: store i64 24,
\ CHECK: call i64 @llvm.fptosi.sat.i64.f64(
\ CHECK: sitofp i64 {{%[0-9]+}} to double

\ F32: store i64 12,
\ F32: call i64 @llvm.fptosi.sat.i64.f32(
\ F32: sitofp i64 {{%[0-9]+}} to float

\ PTX: cvt.rzi.s64.f64
\ PTX: cvt.rn.f64.s64
