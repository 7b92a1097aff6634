\ ': NAME ... ;' defines a word; uses after it are calls to it, and its body
\ is bound when it is defined. Only user words are printed (not the prelude).
\ RUN: %warpforthc %s --emit ast | FileCheck %s

\! kernel k
: SQUARE ( n -- n*n ) DUP * ;
: CUBE DUP SQUARE * ;
3 CUBE square DROP

\ CHECK:      word SQUARE
\ CHECK-NEXT:   6:23 prim DUP
\ CHECK-NEXT:   6:27 prim *
\ CHECK-NEXT: word CUBE
\ CHECK-NEXT:   7:8 prim DUP
\ CHECK-NEXT:   7:12 call SQUARE
\ CHECK-NEXT:   7:19 prim *
\ CHECK-NEXT: body
\ CHECK-NEXT:   8:1 int 3
\ CHECK-NEXT:   8:3 call CUBE
\ CHECK-NEXT:   8:8 call SQUARE
\ CHECK-NEXT:   8:15 prim DROP
\ CHECK-NOT: word 2DUP
