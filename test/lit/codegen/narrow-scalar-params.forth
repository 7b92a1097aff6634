\ Narrow scalar params keep their width in the PTX signature: an f16 is a
\ 2-byte .b8 param read with ld.param.b16 and widened with cvt, bf16 and
\ i16 are .u16 (bf16 becomes the top half of an f32; i16 sign-extends).
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s --emit llvm | FileCheck %s --check-prefix=LLVM

\! kernel k
\! param H f16
\! param B bf16
\! param S i16
\! param OUT f64[4]
H OUT F!  B OUT 8 + F!  S S>F OUT 16 + F!

\ CHECK:      .param .align 2 .b8 k_param_0[2],
\ CHECK-NEXT: .param .u16 k_param_1,
\ CHECK-NEXT: .param .u16 k_param_2,
\ CHECK:      ld.param.b16 [[H:%rs[0-9]+]], [k_param_0];
\ CHECK-NEXT: cvt.f64.f16 {{%fd[0-9]+}}, [[H]];

\ LLVM: define ptx_kernel void @k(half noundef %H, i16 noundef %B, i16 noundef %S,
\ LLVM: fpext half %H to double
\ LLVM: [[Z:%[0-9]+]] = zext i16 %B to i32
\ LLVM-NEXT: [[SH:%[0-9]+]] = shl nuw i32 [[Z]], 16
\ LLVM-NEXT: bitcast i32 [[SH]] to float
