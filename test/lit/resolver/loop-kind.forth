\ A loop header takes its parameter kinds from the entry; a float that
\ comes back around to an i64 header slot is passed as its bits.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A f64[8]
0 4 0 DO 1.0 F+ LOOP A F!

\ CHECK:      bb1([[ACC:%[0-9]+]]: i64, {{%[0-9]+}}: i64, {{%[0-9]+}}: i64):
\ CHECK-NEXT:   [[ONE:%[0-9]+]] = fconst 1 : f64
\ CHECK-NEXT:   [[AF:%[0-9]+]] = bits2float [[ACC]] : f64
\ CHECK-NEXT:   [[S:%[0-9]+]] = fadd [[AF]], [[ONE]] : f64
\ CHECK:        [[SB:%[0-9]+]] = float2bits [[S]] : i64
\ CHECK-NEXT:   condbr {{%[0-9]+}}, bb2(), bb1([[SB]],
\ CHECK:      bb2:
\ CHECK-NEXT:   param.addr
\ CHECK-NEXT:   store.global.f64 [[S]],
