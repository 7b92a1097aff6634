\ + - * / MOD on 64-bit cells: / truncates toward zero, MOD takes the
\ dividend's sign, x/0 = 0 and x MOD 0 = 0, MIN/-1 wraps to MIN. IR ops
\ add/sub/mul/sdiv/srem; the lowering guards the divisor (no trap, no UB).
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s -O0 --emit llvm | FileCheck %s --check-prefix=GUARD

\! kernel k
\! param A i64[64]
\! param IN i64[2]
: OUT ( n i -- ) CELLS A + ! ;
7 5 +  0 OUT
7 5 -  1 OUT
7 -5 * 2 OUT
-7 2 / 3 OUT
7 -2 / 4 OUT
-7 2 MOD 5 OUT
7 -2 MOD 6 OUT
7 0 / 7 OUT
7 0 MOD 8 OUT
-9223372036854775808 -1 / 9 OUT
-9223372036854775808 -1 MOD 10 OUT
9223372036854775807 1 + 11 OUT
A 8 + @ A 16 + @ / 12 OUT
A 8 + @ A 16 + @ MOD 13 OUT

\ CHECK: store i64 12,
\ CHECK: store i64 2,
\ CHECK: store i64 -35,
\ CHECK: store i64 -3,
\ CHECK: store i64 -3,
\ CHECK: store i64 -1,
\ CHECK: store i64 1,
\ CHECK: store i64 0,
\ CHECK: store i64 0,
\ CHECK: store i64 -9223372036854775808,
\ CHECK: store i64 0,
\ CHECK: store i64 -9223372036854775808,

\ IR: sdiv {{%[0-9]+}}, {{%[0-9]+}} : i64
\ IR: srem {{%[0-9]+}}, {{%[0-9]+}} : i64

\ The run-time division: divisor 0 or -1 is replaced by 1 before sdiv,
\ then the result is selected.
\ GUARD: [[Z:%[0-9]+]] = icmp eq i64 [[D:%[0-9]+]], 0
\ GUARD: [[M:%[0-9]+]] = icmp eq i64 [[D]], -1
\ GUARD: [[S:%[0-9]+]] = or i1 [[Z]], [[M]]
\ GUARD: [[SAFE:%[0-9]+]] = select i1 [[S]], i64 1, i64 [[D]]
\ GUARD: sdiv i64 {{%[0-9]+}}, [[SAFE]]
