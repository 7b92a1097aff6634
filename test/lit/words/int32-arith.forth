\ I32+ I32- I32* work on the low 32 bits and sign-extend the 32-bit
\ result (index math that fits in 32 bits): 2147483647 1 I32+ wraps to
\ -2147483648, -2147483648 1 I32- to 2147483647, 65536 65536 I32* to 0,
\ 65535 65537 I32* to -1. The emitted (-O0) LLVM is a 32-bit operation and
\ a sign extension.
\ RUN: %warpforthc %s --emit tokens | FileCheck %s --check-prefix=TOK
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s --emit llvm -O0 | FileCheck %s --check-prefix=O0
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A i64[16]
\! param IN i64[2]
: OUT ( n i -- ) CELLS A + ! ;
2147483647 1 I32+ 0 OUT
-2147483648 1 I32- 1 OUT
65536 65536 I32* 2 OUT
65535 65537 I32* 3 OUT
4294967299 5 I32* 4 OUT
IN @ IN 8 + @ I32+ 5 OUT
IN @ IN 8 + @ I32- 6 OUT
IN @ IN 8 + @ I32* 7 OUT

\ TOK: word I32+
\ TOK: word I32-
\ TOK: word I32*

\ CHECK: store i64 -2147483648,
\ CHECK: store i64 2147483647,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 15,

\ IR: add32 {{%[0-9]+}}, {{%[0-9]+}} : i64
\ IR: sub32 {{%[0-9]+}}, {{%[0-9]+}} : i64
\ IR: mul32 {{%[0-9]+}}, {{%[0-9]+}} : i64

\ O0: [[S:%[0-9]+]] = add i32
\ O0-NEXT: sext i32 [[S]] to i64
\ O0: [[D:%[0-9]+]] = sub i32
\ O0-NEXT: sext i32 [[D]] to i64
\ O0: [[P:%[0-9]+]] = mul i32
\ O0-NEXT: sext i32 [[P]] to i64

\ The PTX sign-extends each result from its low 32 bits.
\ PTX: add.s{{32|64}}
\ PTX-NEXT: cvt.s64.s32
\ PTX: sub.s{{32|64}}
\ PTX-NEXT: cvt.s64.s32
\ PTX: mul.lo.s{{32|64}}
\ PTX-NEXT: cvt.s64.s32
