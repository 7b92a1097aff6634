\ >R moves the top to the return stack, R@ copies it back, R> moves it
\ back. Values come back last-in first-out.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR

\! kernel k
\! param A i64[64]
: OUT ( n i -- ) CELLS A + ! ;
1 2 3 >R >R R@ 0 OUT R> 1 OUT R> 2 OUT 3 OUT

\ CHECK: store i64 2,
\ CHECK: store i64 2,
\ CHECK: store i64 3,
\ CHECK: store i64 1,
\ CHECK-NOT: store

\ No instruction besides constants, address arithmetic and stores.
\ IR-NOT: {{load|select|sub}}
