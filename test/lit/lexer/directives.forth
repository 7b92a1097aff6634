\ A '\!' word starts a directive token that takes the rest of the line as
\ its parts (numbers classified as usual); '\!name' glued together makes
\ the first part, and a '\' comment ends the directive early.
\ RUN: %warpforthc %s --emit tokens | FileCheck %s

\! kernel k
\!param N i64 \ comment, not a part
\!   const   C   -0x10
  \! float f32
1

\ CHECK:      6:1 directive \!
\ CHECK-NEXT:   6:4 word kernel
\ CHECK-NEXT:   6:11 word k
\ CHECK-NEXT: 7:1 directive \!param
\ CHECK-NEXT:   7:3 word param
\ CHECK-NEXT:   7:9 word N
\ CHECK-NEXT:   7:11 word i64
\ CHECK-NEXT: 8:1 directive \!
\ CHECK-NEXT:   8:6 word const
\ CHECK-NEXT:   8:14 word C
\ CHECK-NEXT:   8:18 integer -0x10 = -16
\ CHECK-NEXT: 9:3 directive \!
\ CHECK-NEXT:   9:6 word float
\ CHECK-NEXT:   9:12 word f32
\ CHECK-NEXT: 10:1 integer 1 = 1
\ CHECK-NEXT: {{[0-9]+}}:1 eof
