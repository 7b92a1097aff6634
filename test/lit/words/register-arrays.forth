\ '\! reg NAME TYPE[N]' declares a per-thread array kept in registers; it
\ defines NAME@ ( i -- x ) and NAME! ( x i -- ). A constant index is a slot
\ (no instruction, no memory); a run-time index selects among all N slots.
\ The elements start as 0 and are carried through loops like stack slots.
\ RUN: %warpforthc %s --emit ir | FileCheck %s
\ RUN: %warpforthc %s --emit ast | FileCheck %s --check-prefix=AST
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A i64[8]
\! param IN i64[1]
\! reg R i64[3]
\! reg FR f64[2]
A @ 0 R!   A 8 + @ 2 R!
2 R@ A 16 + !
1 R@ A 24 + !
IN @ R@ A 32 + !
7 IN @ R!  0 R@ A 40 + !
1.5 1 FR!  1 FR@ A 48 + F!

\ AST:      reg R i64[3]
\ AST-NEXT: reg FR f64[2]
\ AST:      reg! R
\ AST:      reg@ R

\ CHECK:      [[X0:%[0-9]+]] = load.global.i64
\ CHECK:      [[X2:%[0-9]+]] = load.global.i64
\ CHECK:      store.global.i64 [[X2]],
\ Element 1 was never set: 0.
\ CHECK:      store.global.i64 [[Z:%[0-9]+]],
\ Computed read: selects over the three elements.
\ CHECK:      [[N:%[0-9]+]] = load.global.i64
\ CHECK:      icmp.eq [[N]],
\ CHECK-NEXT: [[S1:%[0-9]+]] = select {{%[0-9]+}}, [[Z]], [[X0]]
\ CHECK:      icmp.eq [[N]],
\ CHECK-NEXT: [[S2:%[0-9]+]] = select {{%[0-9]+}}, [[X2]], [[S1]]
\ CHECK-NEXT: param.addr A
\ CHECK:      store.global.i64 [[S2]],
\ Computed write: each element becomes a select of the new value.
\ CHECK:      [[M:%[0-9]+]] = load.global.i64
\ CHECK:      icmp.eq [[M]],
\ CHECK-NEXT: [[W0:%[0-9]+]] = select {{%[0-9]+}}, {{%[0-9]+}}, [[X0]]
\ CHECK:      store.global.i64 [[W0]],
\ CHECK:      fconst 1.5
\ CHECK:      store.global.f64

\ PTX-NOT: .local
