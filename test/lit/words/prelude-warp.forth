\ Prelude warp reductions: WARP-SUM WARP-MAX (cells) and FWARP-SUM
\ FWARP-MAX (floats) combine the 32 lanes of a full warp with a butterfly
\ of XOR shuffles at distances 16 8 4 2 1; every lane gets the result.
\ RUN: %warpforthc %s --emit ir | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A i64[4]
\! param X f64[4]
A @ WARP-SUM A !
A 8 + @ WARP-MAX A 8 + !
X F@ FWARP-SUM X F!
X 8 + F@ FWARP-MAX X 8 + F!

\ WARP-SUM: x + shfl.xor(x, 16), then 8, 4, 2, 1.
\ CHECK: [[X:%[0-9]+]] = load.global.i64
\ CHECK: [[D16:%[0-9]+]] = const 16
\ CHECK-NEXT: [[S16:%[0-9]+]] = shfl.xor [[X]], [[D16]] : i64
\ CHECK-NEXT: [[A16:%[0-9]+]] = add [[X]], [[S16]]
\ CHECK: shfl.xor [[A16]], {{%[0-9]+}} : i64
\ CHECK: const 4
\ CHECK: const 2
\ CHECK: const 1
\ CHECK-NEXT: [[S1:%[0-9]+]] = shfl.xor
\ CHECK-NEXT: [[SUM:%[0-9]+]] = add {{%[0-9]+}}, [[S1]]
\ CHECK: store.global.i64 [[SUM]],
\ WARP-MAX uses the prelude MAX (a compare and a branch) after each shuffle.
\ CHECK: shfl.xor {{%[0-9]+}}, {{%[0-9]+}} : i64
\ CHECK: icmp.lt
\ FWARP-SUM and FWARP-MAX shuffle floats and use F+ and FMAX.
\ CHECK: shfl.xor {{%[0-9]+}}, {{%[0-9]+}} : f64
\ CHECK-NEXT: fadd
\ CHECK: store.global.f64
\ CHECK: [[G:%[0-9]+]] = shfl.xor {{%[0-9]+}}, {{%[0-9]+}} : f64
\ CHECK-NEXT: fmax {{%[0-9]+}}, [[G]]

\ 5 steps of 2 shuffles (64-bit cells) for each of the four reductions.
\ PTX-COUNT-40: shfl.sync.bfly.b32
\ PTX-NOT: shfl.sync
