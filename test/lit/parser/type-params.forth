\ `\! type T f32 bf16 f16` declares a type parameter: the first type is the
\ default and -D T=... picks another of the list. T is the element type of
\ params and shared arrays, `{T}` is spliced into names (the kernel's,
\ words such as {T}@ and MMA-{T}), sizeof(T) and is(T,TYPE) (1 or 0) into
\ header expressions.
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=F32
\ RUN: %warpforthc %s -D T=bf16 --emit ir | FileCheck %s --check-prefix=BF16
\ RUN: %warpforthc %s -D t=f16 | FileCheck %s --check-prefix=PTX16
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=SIG32
\ RUN: %warpforthc %s -D T=bf16 | FileCheck %s --check-prefix=SIG16

\! kernel scale_{T}
\! type T f32 bf16 f16
\! float f32
\! const ESZ sizeof(T)
\! const WIDE is(T,f32)*1000
\! param X T[N]
\! param Y {T}[N]
\! param N i64
\! shared S T[32]
GLOBAL-ID { g }
g N < IF
  g ESZ * X + {T}@  TID-X ESZ * S + S{T}!
  TID-X ESZ * S + S{T}@ 2.0 F*  g ESZ * Y + {T}!
THEN

\ F32: kernel @scale_f32(X: f32[N], Y: f32[N], N: i64) float f32
\ F32: shared @S: f32[32]
\ F32: const 4 : i64
\ F32: load.global.f32
\ F32: store.shared.f32
\ BF16: kernel @scale_bf16(X: bf16[N], Y: bf16[N], N: i64) float f32
\ BF16: shared @S: bf16[32]
\ BF16: const 2 : i64
\ BF16: load.global.bf16
\ BF16: store.shared.bf16
\ PTX16: .entry scale_f16(
\ PTX16: ld.global.b16
\ PTX16: st.global.b16
\ SIG32: // @const ESZ 4
\ SIG32-NEXT: // @const WIDE 1000
\ SIG16: // @const ESZ 2
\ SIG16-NEXT: // @const WIDE 0
