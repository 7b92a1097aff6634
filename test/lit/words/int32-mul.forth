\ I32* multiplies the low 32 bits and sign-extends the 32-bit result (for
\ index math that fits in 32 bits): 65536*65536 wraps to 0, 65535*65537 to
\ -1. The emitted LLVM (-O0) is a 32-bit multiply and a sign extension;
\ the PTX ends with the 32-to-64-bit sign extension.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s --emit llvm -O0 | FileCheck %s --check-prefix=O0
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A i64[8]
\! param IN i64[2]
65536 65536 I32* A !
65535 65537 I32* A 8 + !
4294967299 5 I32* A 16 + !
IN @ IN 8 + @ I32* A 24 + !

\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 15,
\ CHECK: store i64 {{%[0-9a-z.]+}},

\ O0: [[P:%[0-9]+]] = mul i32
\ O0-NEXT: sext i32 [[P]] to i64

\ IR: mul32 {{%[0-9]+}}, {{%[0-9]+}} : i64

\ PTX: mul.lo
\ PTX: cvt.s64.s32
