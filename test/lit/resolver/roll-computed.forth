\ ROLL with a run-time index: every slot becomes a select between itself
\ and its upper neighbour (n >= k moves it), and the new top selects the
\ rolled item. No memory, no loop.
\ RUN: %warpforthc %s --emit ir | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A i64[8]
A @ A 8 + @ A 16 + @ A 24 + @
A 32 + @ ROLL A ! A 8 + ! A 16 + ! A 24 + !

\ CHECK:      [[X0:%[0-9]+]] = load.global.i64
\ CHECK:      [[X1:%[0-9]+]] = load.global.i64
\ CHECK:      [[X2:%[0-9]+]] = load.global.i64
\ CHECK:      [[X3:%[0-9]+]] = load.global.i64
\ CHECK:      [[N:%[0-9]+]] = load.global.i64
\ CHECK:      icmp.eq [[N]],
\ CHECK-NEXT: select {{%[0-9]+}}, [[X1]], [[X0]]
\ CHECK:      icmp.eq [[N]],
\ CHECK-NEXT: select {{%[0-9]+}}, [[X2]],
\ CHECK:      icmp.eq [[N]],
\ CHECK-NEXT: [[TOP:%[0-9]+]] = select {{%[0-9]+}}, [[X3]],
\ CHECK:      icmp.ge [[N]],
\ CHECK-NEXT: [[T1:%[0-9]+]] = select {{%[0-9]+}}, [[X3]], [[X2]]
\ CHECK:      icmp.ge [[N]],
\ CHECK-NEXT: [[T2:%[0-9]+]] = select {{%[0-9]+}}, [[X2]], [[X1]]
\ CHECK:      icmp.ge [[N]],
\ CHECK-NEXT: [[T3:%[0-9]+]] = select {{%[0-9]+}}, [[X1]], [[X0]]
\ CHECK:      store.global.i64 [[TOP]],
\ CHECK:      store.global.i64 [[T1]],
\ CHECK:      store.global.i64 [[T2]],
\ CHECK:      store.global.i64 [[T3]],

\ PTX-NOT: .local
\ PTX:     selp.b64
\ PTX-NOT: .local
