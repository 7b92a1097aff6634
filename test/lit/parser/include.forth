\ INCLUDE FILE reads words from another file: first next to the including
\ file, then in each -I folder. Nested includes resolve relative to the file
\ that includes them. Items keep their own file's line numbers.
\ RUN: %warpforthc %s --emit ast -I %S/Inputs/libdir | FileCheck %s

\! kernel k
INCLUDE Inputs/square.forth
INCLUDE halve.forth
3 CUBE HALVE DROP

\ CHECK:      word SQUARE
\ CHECK-NEXT:   2:10 prim DUP
\ CHECK-NEXT:   2:14 prim *
\ CHECK-NEXT: word CUBE
\ CHECK-NEXT:   2:8 prim DUP
\ CHECK-NEXT:   2:12 call SQUARE
\ CHECK-NEXT:   2:19 prim *
\ CHECK-NEXT: word HALVE
\ CHECK-NEXT:   2:9 call 2/
\ CHECK-NEXT: body
\ CHECK-NEXT:   9:1 int 3
\ CHECK-NEXT:   9:3 call CUBE
\ CHECK-NEXT:   9:8 call HALVE
