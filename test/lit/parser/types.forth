\ Every element type is accepted for params, in any letter case.
\ RUN: %warpforthc %s --emit ast | FileCheck %s

\! kernel k
\! param A i8[1]
\! param B I16[1]
\! param C i32[1]
\! param D i64[1]
\! param E F16[1]
\! param F bf16[1]
\! param G BF16
\! param H f32[1]
\! param I f64

\ CHECK:      param A i8[1] = 1
\ CHECK-NEXT: param B i16[1] = 1
\ CHECK-NEXT: param C i32[1] = 1
\ CHECK-NEXT: param D i64[1] = 1
\ CHECK-NEXT: param E f16[1] = 1
\ CHECK-NEXT: param F bf16[1] = 1
\ CHECK-NEXT: param G bf16
\ CHECK-NEXT: param H f32[1] = 1
\ CHECK-NEXT: param I f64
