\ F= F< F> F<> F<= F>= compare floats and push an integer flag (-1/0).
\ With a NaN operand every comparison is false except F<>, which is true.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s -O0 --emit llvm | FileCheck %s --check-prefix=PRED

\! kernel k
\! param A i64[64]
\! param IN f64[2]
: OUT ( n i -- ) CELLS A + ! ;
: 0/0 0.0 0.0 F/ ;
1.5 1.5 F= 0 OUT    1.5 2.5 F= 1 OUT
1.5 2.5 F< 2 OUT    2.5 1.5 F< 3 OUT
2.5 1.5 F> 4 OUT    1.5 2.5 F> 5 OUT
1.5 2.5 F<> 6 OUT   1.5 1.5 F<> 7 OUT
1.5 1.5 F<= 8 OUT   2.5 1.5 F<= 9 OUT
1.5 1.5 F>= 10 OUT  1.5 2.5 F>= 11 OUT
0/0 0/0 F= 12 OUT   0/0 1.0 F< 13 OUT   0/0 1.0 F> 14 OUT
0/0 0/0 F<> 15 OUT  0/0 1.0 F<= 16 OUT  0/0 1.0 F>= 17 OUT
IN F@ IN 8 + F@ F= 18 OUT
IN F@ IN 8 + F@ F< 19 OUT
IN F@ IN 8 + F@ F> 20 OUT
IN F@ IN 8 + F@ F<> 21 OUT
IN F@ IN 8 + F@ F<= 22 OUT
IN F@ IN 8 + F@ F>= 23 OUT

\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ NaN:
\ CHECK: store i64 0,
\ CHECK: store i64 0,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 0,

\ IR: fcmp.eq {{.*}} : i64
\ IR: fcmp.lt
\ IR: fcmp.gt
\ IR: fcmp.ne
\ IR: fcmp.le
\ IR: fcmp.ge

\ PRED: fcmp oeq double
\ PRED: fcmp olt double
\ PRED: fcmp ogt double
\ PRED: fcmp une double
\ PRED: fcmp ole double
\ PRED: fcmp oge double
