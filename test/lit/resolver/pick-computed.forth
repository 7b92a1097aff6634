\ PICK with a run-time index: the depth is known at compile time, so the
\ result is a chain of selects over the slots that exist (no memory, no
\ loop). An index past the stack gives the deepest slot.
\ RUN: %warpforthc %s --emit ir | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A i64[8]
A @ A 8 + @ A 16 + @ A 24 + @
A 32 + @ PICK A !

\ CHECK:      [[X0:%[0-9]+]] = load.global.i64
\ CHECK:      [[X1:%[0-9]+]] = load.global.i64
\ CHECK:      [[X2:%[0-9]+]] = load.global.i64
\ CHECK:      [[X3:%[0-9]+]] = load.global.i64
\ CHECK:      [[N:%[0-9]+]] = load.global.i64
\ CHECK-NEXT: [[K2:%[0-9]+]] = const 2
\ CHECK-NEXT: [[C2:%[0-9]+]] = icmp.eq [[N]], [[K2]]
\ CHECK-NEXT: [[S2:%[0-9]+]] = select [[C2]], [[X1]], [[X0]]
\ CHECK-NEXT: [[K1:%[0-9]+]] = const 1
\ CHECK-NEXT: [[C1:%[0-9]+]] = icmp.eq [[N]], [[K1]]
\ CHECK-NEXT: [[S1:%[0-9]+]] = select [[C1]], [[X2]], [[S2]]
\ CHECK-NEXT: [[K0:%[0-9]+]] = const 0
\ CHECK-NEXT: [[C0:%[0-9]+]] = icmp.eq [[N]], [[K0]]
\ CHECK-NEXT: [[S0:%[0-9]+]] = select [[C0]], [[X3]], [[S1]]
\ CHECK-NEXT: param.addr
\ CHECK-NEXT: store.global.i64 [[S0]],
\ CHECK-NEXT: ret

\ PTX-NOT: .local
\ PTX:     selp.b64
\ PTX-NOT: .local
