\ Type parameters' errors, each at its place: a type not in the list given
\ by -D, an unknown type in the list, a name declared twice or taken by a
\ param, `{X}` and sizeof(X) of no type parameter.
\ RUN: %not %warpforthc %s -D T=i32 2>&1 | FileCheck %s
\ RUN: %not %warpforthc %s -D U=f64 2>&1 | FileCheck %s --check-prefix=U
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --check-prefix=ONCE

\! kernel k_{T}
\! type T f32 bf16
\ CHECK-DAG: type-params.forth:[[@LINE-1]]:9: error: -D T=i32: type parameter 'T' takes f32 or bf16
\ U: type-params.forth:[[@LINE+1]]:9: error: -D U=f64: type parameter 'U' takes f16 or bf16
\! type U f16 bf16
\! type V f32 half
\ CHECK-DAG: type-params.forth:[[@LINE-1]]:15: error: unknown type 'half' for type parameter 'V': expected i8, i16, i32, i64, f16, bf16, f32 or f64
\! type t f64
\ CHECK-DAG: type-params.forth:[[@LINE-1]]:9: error: type parameter 't' declared twice (first at line 9)
\! type P f32
\! param P i64[4]
\ CHECK-DAG: type-params.forth:[[@LINE-1]]:10: error: duplicate name 'P' (first declared at line 17)
\! const E sizeof(W)
\ CHECK-DAG: type-params.forth:[[@LINE-1]]:12: error: 'sizeof(W)': sizeof(T) takes a type parameter (type parameters are declared with '\! type')
\! const F is(T,half)
\ CHECK-DAG: type-params.forth:[[@LINE-1]]:12: error: 'is(T,half)': is(T,TYPE) takes a type parameter and a type (i8 .. f64) (type parameters are declared with '\! type')
1.0 MMA-{X}
\ CHECK-DAG: type-params.forth:[[@LINE-1]]:9: error: '{X}' names no type parameter (declare one: '\! type X f32 bf16 f16')
\ ONCE-NOT: not a compile-time integer
