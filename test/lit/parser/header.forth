\ The header: kernel name, params (scalar and array) in order, shared
\ arrays laid out at 16-byte aligned offsets, constants and float mode.
\ Directives after the kernel line may come in any order.
\ RUN: %warpforthc %s --emit ast | FileCheck %s

\! kernel attention_fwd
\! param Q f64[16]
\! param N i64
\! shared TILE i8[3]
\! param SCALE f32
\! shared ACC f64[4]
\! shared FLAGS i32[5]
\! const SEQ 4
\! const EPS 1.0e-5
\! float f32
\! param OUT bf16[]
Q DROP

\ CHECK:      kernel attention_fwd float f32
\ CHECK-NEXT:   param Q f64[16] = 16
\ CHECK-NEXT:   param N i64
\ CHECK-NEXT:   param SCALE f32
\ CHECK-NEXT:   param OUT bf16[]
\ CHECK-NEXT:   shared TILE i8[3] offset 0
\ CHECK-NEXT:   shared ACC f64[4] offset 16
\ CHECK-NEXT:   shared FLAGS i32[5] offset 48
\ CHECK-NEXT:   const SEQ 4
\ CHECK-NEXT:   const EPS 1e-05
\ CHECK-NEXT: body
