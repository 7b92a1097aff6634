\ Words are inlined at each use with the caller's slots: two calls of the
\ same word produce two copies of its body, with no call left.
\ RUN: %warpforthc %s --emit ir | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A i64[8]
: TWICE DUP + ;
A @ TWICE TWICE A !

\ CHECK:      [[X:%[0-9]+]] = load.global.i64
\ CHECK-NEXT: [[Y:%[0-9]+]] = add [[X]], [[X]]
\ CHECK-NEXT: [[Z:%[0-9]+]] = add [[Y]], [[Y]]
\ CHECK:      store.global.i64 [[Z]],

\ PTX-NOT: call
\ PTX-NOT: .func
