\ The public WarpForth README's integer matmul compiles to a kernel entry
\ with three global pointers and keeps its stack in registers.
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=NOLOCAL

\! kernel main
\! param A i64[8]
\! param B i64[12]
\! param C i64[6]
GLOBAL-ID DUP 3 / SWAP 3 MOD 0 4 0 DO 2 PICK I SWAP 4 * + CELLS A + @ I 3 * 3 PICK + CELLS B + @ * + LOOP 2 PICK 3 * 2 PICK + CELLS C + !

\ CHECK: // @warpforth-signature 1
\ CHECK: // @kernel main
\ CHECK: // @param A array i64 8
\ CHECK: .target sm_80
\ CHECK: .visible .entry main(
\ CHECK-NEXT: .param .u64 main_param_0,
\ CHECK-NEXT: .param .u64 main_param_1,
\ CHECK-NEXT: .param .u64 main_param_2
\ CHECK: ld.global.u64
\ CHECK: st.global.u64
\ NOLOCAL-NOT: .local
