\ Kernel parameters appear in header order: arrays as global pointers
\ (.u64), scalars by value with their own PTX type; the LLVM function keeps
\ the names. The signature block lists them in the same order.
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s --emit llvm | FileCheck %s --check-prefix=LLVM

\! kernel scale
\! param OUT f64[N]
\! param N i64
\! param ALPHA f64
\! param W f32
\! param H i32
\! param B i8
\! param IN f32[4]
N 0 DO I CELLS OUT + DUP F@ ALPHA F* W F+ H S>F F+ B S>F F+ IN F32@ F+ SWAP F! LOOP

\ CHECK:      // @param OUT array f64 N
\ CHECK-NEXT: // @param N scalar i64
\ CHECK-NEXT: // @param ALPHA scalar f64
\ CHECK-NEXT: // @param W scalar f32
\ CHECK-NEXT: // @param H scalar i32
\ CHECK-NEXT: // @param B scalar i8
\ CHECK-NEXT: // @param IN array f32 4
\ CHECK:      .visible .entry scale(
\ CHECK-NEXT: .param .u64 scale_param_0,
\ CHECK-NEXT: .param .u64 scale_param_1,
\ CHECK-NEXT: .param .f64 scale_param_2,
\ CHECK-NEXT: .param .f32 scale_param_3,
\ CHECK-NEXT: .param .u32 scale_param_4,
\ CHECK-NEXT: .param .u8 scale_param_5,
\ CHECK-NEXT: .param .u64 scale_param_6
\ CHECK-NEXT: )

\ LLVM: define ptx_kernel void @scale(ptr addrspace(1) {{.*}}%OUT, i64 noundef %N, double noundef %ALPHA, float noundef %W, i32 noundef %H, i8 noundef %B, ptr addrspace(1) {{.*}}%IN)
