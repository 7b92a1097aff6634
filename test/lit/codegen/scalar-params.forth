\ Scalar params are passed by value: the kernel reads them with ld.param
\ and never loads them from global memory; narrow integers sign-extend to a
\ cell and f32 widens to the f64 slot.
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s --emit llvm | FileCheck %s --check-prefix=LLVM

\! kernel k
\! param OUT i64[4]
\! param N i32
\! param X f32
N OUT !
X OUT 8 + F!

\ CHECK-DAG: ld.param.s32 {{%rd?[0-9]+}}, [k_param_1];
\ CHECK-DAG: ld.param.f32 {{%f[0-9]+}}, [k_param_2];
\ CHECK-DAG: cvt.f64.f32
\ CHECK-NOT: ld.global

\ LLVM: [[W:%[0-9]+]] = sext i32 %N to i64
\ LLVM: store i64 [[W]],
\ LLVM: [[D:%[0-9]+]] = fpext float %X to double
\ LLVM: store double [[D]],
