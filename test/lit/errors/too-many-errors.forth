\ After 20 errors the compiler stops and says so.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s
\ RUN: %not %warpforthc %s 2>&1 | grep -c ': error: ' | FileCheck %s --check-prefix=COUNT

\! kernel k
X1 X2 X3 X4 X5 X6 X7 X8 X9 X10 X11 X12 X13 X14 X15 X16 X17 X18 X19 X20 X21 X22 X23 X24

\ CHECK: unknown word 'X20'
\ CHECK-NOT: unknown word 'X21'
\ CHECK: warpforthc: too many errors; stopping after 20
\ COUNT: {{^}}20{{$}}
