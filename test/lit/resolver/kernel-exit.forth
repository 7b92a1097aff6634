\ EXIT in the kernel body returns from the kernel; what follows it on the
\ same path is unreachable and produces no code.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
A @ 0= IF EXIT 77 A ! THEN 5 A !

\ CHECK:      condbr {{%[0-9]+}}, bb1(), bb2()
\ CHECK-NEXT: bb1:
\ CHECK-NEXT:   ret
\ CHECK-NEXT: bb2:
\ CHECK-NEXT:   const 5
\ CHECK-NOT:  const 77
