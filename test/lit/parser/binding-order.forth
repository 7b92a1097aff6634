\ Names bind when the using word is compiled: a redefinition affects only
\ later uses. Lookup order is local, then user/prelude word, then header
\ name, then primitive; header names shadow prelude words (a param named
\ MIN), and a user word shadows a header name and a primitive.
\ RUN: %warpforthc %s --emit ast | FileCheck %s

\! kernel k
\! param MIN i64
\! param N i64
: X 1 ;
: Y X ;
: X 2 ;
: DUP 7 ;
MIN N Y X DUP
: N 3 ;
N
: Z { n -- } n ;

\ CHECK:      word X
\ CHECK-NEXT:   10:5 int 1
\ CHECK-NEXT: word Y
\ CHECK-NEXT:   11:5 call X
\ CHECK-NEXT: word X
\ CHECK-NEXT:   12:5 int 2
\ CHECK-NEXT: word DUP
\ CHECK:      word Z
\ CHECK-NEXT:   17:5 locals n
\ CHECK-NEXT:   17:14 local n
\ CHECK-NEXT: body
\ CHECK-NEXT:   14:1 param MIN
\ CHECK-NEXT:   14:5 param N
\ CHECK-NEXT:   14:7 call Y
\ CHECK-NEXT:   14:9 call X
\ CHECK-NEXT:   14:11 call DUP
\ CHECK-NEXT:   16:1 call N
