\ f32 FEXP is ex2.approx.ftz of x*log2(e) (like CUDA's __expf), not libdevice.
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s --emit llvm | FileCheck %s --check-prefix=LLVM

\! kernel k
\! float f32
\! param X f32[1]
X F@ FEXP X F!

\ CHECK:      ld.global.f32 [[IN:%f[0-9]+]]
\ CHECK-NEXT: mul{{(.rn)?}}.f32 [[S:%f[0-9]+]], [[IN]], 0f3FB8AA3B;
\ CHECK-NEXT: ex2.approx.ftz.f32 [[E:%f[0-9]+]], [[S]];
\ CHECK-NEXT: st.global.f32 [{{%rd[0-9]+}}], [[E]];

\ LLVM: fmul float {{%[0-9]+}}, 0x3FF7154760000000
\ LLVM-NEXT: call float @llvm.nvvm.ex2.approx.ftz.f(
\ LLVM-NOT: __nv_
