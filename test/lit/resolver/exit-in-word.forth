\ EXIT in a word branches to the end of the inlined word (not a return);
\ UNLOOP is a no-op because EXIT already drops the word's loop counters.
\ All ways out of the word meet in one block.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
: FIND ( -- i ) 8 0 DO I CELLS A + @ 0= IF I UNLOOP EXIT THEN LOOP -1 ;
FIND A !

\ CHECK:      bb1([[I:%[0-9]+]]: i64, {{%[0-9]+}}: i64):
\ CHECK:        condbr {{%[0-9]+}}, bb2(), bb3()
\ CHECK-NEXT: bb2:
\ CHECK-NEXT:   br bb5([[I]])
\ CHECK-NEXT: bb3:
\ CHECK:        condbr {{%[0-9]+}}, bb4(), bb1(
\ CHECK-NEXT: bb4:
\ CHECK-NEXT:   [[NONE:%[0-9]+]] = const -1
\ CHECK-NEXT:   br bb5([[NONE]])
\ CHECK-NEXT: bb5([[R:%[0-9]+]]: i64):
\ CHECK:        store.global.i64 [[R]],
\ CHECK-NEXT:   ret
\ CHECK-NOT:  ret
