\ 'VALUE CONSTANT NAME' outside definitions makes a named literal (int or
\ float) usable after it, in words and in the kernel body, and it shadows
\ an earlier word of the same name.
\ RUN: %warpforthc %s --emit ast | FileCheck %s

\! kernel k
64 CONSTANT TILE
0.5 CONSTANT HALF
: ABS 99 ;
-1 CONSTANT ABS
: W TILE HALF ;
W ABS tile

\ CHECK:      const TILE 64
\ CHECK-NEXT: const HALF 0.5
\ CHECK-NEXT: const ABS -1
\ CHECK:      word W
\ CHECK-NEXT:   11:5 int 64
\ CHECK-NEXT:   11:10 float 0.5
\ CHECK-NEXT: body
\ CHECK-NEXT:   12:1 call W
\ CHECK-NEXT:   12:3 int -1
\ CHECK-NEXT:   12:7 int 64
