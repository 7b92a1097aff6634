\ CELL+ adds 8; FLOAT+ adds the float size (8 in f64 mode, 4 in f32).
\ RUN: %warpforthc %s --emit llvm | FileCheck %s --check-prefix=F64
\ RUN: %warpforthc %s --emit llvm --float f32 | FileCheck %s --check-prefix=F32

\! kernel k
\! param A i64[64]
100 CELL+ A !
100 FLOAT+ A CELL+ !

\ F64: store i64 108, ptr addrspace(1) %A
\ F64: store i64 108,
\ F32: store i64 108, ptr addrspace(1) %A
\ F32: store i64 104,
