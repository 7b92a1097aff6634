\ Float literals: a number with a '.' or an exponent is a float; the
\ mantissa needs a digit, the exponent needs digits.
\ RUN: %warpforthc %s --emit tokens | FileCheck %s

\! kernel k
1.5 -2.0 3. .25 -.5 1e3 1E+2 2.5e-1 -1.0e-5

\ CHECK: 6:1 float 1.5 = 1.5
\ CHECK-NEXT: 6:5 float -2.0 = -2
\ CHECK-NEXT: 6:10 float 3. = 3
\ CHECK-NEXT: 6:13 float .25 = 0.25
\ CHECK-NEXT: 6:17 float -.5 = -0.5
\ CHECK-NEXT: 6:21 float 1e3 = 1000
\ CHECK-NEXT: 6:25 float 1E+2 = 100
\ CHECK-NEXT: 6:30 float 2.5e-1 = 0.25
\ CHECK-NEXT: 6:37 float -1.0e-5 = -1.0000000000000001e-05
