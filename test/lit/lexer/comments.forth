\ Backslash comments run to the end of the line and ( ... ) comments end at
\ the first ')'; neither produces a token, and '(' / '\' glued to other
\ characters are ordinary words.
\ RUN: %warpforthc %s --emit tokens | FileCheck %s

\! kernel k \ a comment after a directive is not a part
( a paren comment
  spanning lines ) 1 \ ignored 2 3
(x) \x ( ) 4

\ CHECK:      6:1 directive \!
\ CHECK-NEXT:   6:4 word kernel
\ CHECK-NEXT:   6:11 word k
\ CHECK-NEXT: 8:20 integer 1 = 1
\ CHECK-NEXT: 9:1 word (x)
\ CHECK-NEXT: 9:5 word \x
\ CHECK-NEXT: 9:12 integer 4 = 4
\ CHECK-NEXT: eof
