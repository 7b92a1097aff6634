\ Integer literals: decimal with an optional sign, hex as 0x/0X or the
\ Forth '$' prefix, and the 64-bit extremes.
\ RUN: %warpforthc %s --emit tokens | FileCheck %s

\! kernel k
42 -7 +5 0 -0 0x1F 0XfF $ff -$10 -0x8000000000000000
9223372036854775807 -9223372036854775808 0xFFFFFFFFFFFFFFFF

\ CHECK: 6:1 integer 42 = 42
\ CHECK-NEXT: 6:4 integer -7 = -7
\ CHECK-NEXT: 6:7 integer +5 = 5
\ CHECK-NEXT: 6:10 integer 0 = 0
\ CHECK-NEXT: 6:12 integer -0 = 0
\ CHECK-NEXT: 6:15 integer 0x1F = 31
\ CHECK-NEXT: 6:20 integer 0XfF = 255
\ CHECK-NEXT: 6:25 integer $ff = 255
\ CHECK-NEXT: 6:29 integer -$10 = -16
\ CHECK-NEXT: 6:34 integer -0x8000000000000000 = -9223372036854775808
\ CHECK-NEXT: 7:1 integer 9223372036854775807 = 9223372036854775807
\ CHECK-NEXT: 7:21 integer -9223372036854775808 = -9223372036854775808
\ CHECK-NEXT: 7:42 integer 0xFFFFFFFFFFFFFFFF = -1
