\ Slots have a kind (i64 or float). Where paths meet with the same kind the
\ block parameter keeps it (f64 here); where an int meets a float, the
\ parameter is i64 and the float arrives as its bit pattern (float2bits),
\ read back as a float by bits2float when a float word uses it.
\ RUN: %warpforthc %s --emit ir | FileCheck %s
\ RUN: %warpforthc %s --emit ir --float f32 | FileCheck %s --check-prefix=F32

\! kernel k
\! param A f64[8]
A @ IF 1.5 ELSE 2.5 THEN A F!
A @ IF 1.5 ELSE 2 THEN A F!

\ CHECK:      bb3([[F:%[0-9]+]]: f64):
\ CHECK:        store.global.f64 [[F]],
\ CHECK:      bb4:
\ CHECK-NEXT:   [[X:%[0-9]+]] = fconst 1.5 : f64
\ CHECK-NEXT:   [[B:%[0-9]+]] = float2bits [[X]] : i64
\ CHECK-NEXT:   br bb6([[B]])
\ CHECK-NEXT: bb5:
\ CHECK-NEXT:   [[I:%[0-9]+]] = const 2 : i64
\ CHECK-NEXT:   br bb6([[I]])
\ CHECK-NEXT: bb6([[M:%[0-9]+]]: i64):
\ CHECK:        [[V:%[0-9]+]] = bits2float [[M]] : f64
\ CHECK-NEXT:   store.global.f64 [[V]],

\ F32:      bb3({{%[0-9]+}}: f32):
\ F32:      fconst 1.5 : f32
\ F32-NEXT: float2bits
\ F32:      bb6({{%[0-9]+}}: i64):
\ F32:      bits2float {{%[0-9]+}} : f32
\ F32-NEXT: store.global.f32
