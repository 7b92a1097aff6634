\ Words that look a little like numbers stay words: a bare sign, a prefix
\ with no digits, an exponent with no digits, digits followed by letters.
\ RUN: %warpforthc %s --emit tokens | FileCheck %s

\! kernel k
- + $ 0x 1e 1e+ . 1+ 2DUP 0x1G 1.5.

\ CHECK: 6:1 word -
\ CHECK-NEXT: 6:3 word +
\ CHECK-NEXT: 6:5 word $
\ CHECK-NEXT: 6:7 word 0x
\ CHECK-NEXT: 6:10 word 1e
\ CHECK-NEXT: 6:13 word 1e+
\ CHECK-NEXT: 6:17 word .
\ CHECK-NEXT: 6:19 word 1+
\ CHECK-NEXT: 6:22 word 2DUP
\ CHECK-NEXT: 6:27 word 0x1G
\ CHECK-NEXT: 6:32 word 1.5.
