\ `\! shared ... align N`: the array starts at a multiple of N in the
\ block's shared memory, on the GPU (the `.shared` variable's alignment; in
\ dynamic shared memory the extern base takes the largest alignment and
\ the offsets are multiples of it) and on the CPU (the layout's offsets,
\ which the signature's byte counts include).
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 -D N=16384 | FileCheck %s --check-prefix=LARGE
\ RUN: %warpforthc %s --arch sm_90 -D N=16384 > %t.ptx && %ptxas-verify %t.ptx

\! kernel k
\! float f32
\! const N 64
\! param X f32[4]
\! shared B i64[1]
\! shared T f32[N] align 1024
\! shared U f32[8] align 128
TID-X B S!  1.0 TID-X FLOATS T + SF!  2.0 TID-X FLOATS U + SF!
BARRIER
B S@ S>F T SF@ F+ U SF@ F+ X F!

\ CHECK: // @shared-bytes 1312
\ CHECK: .shared .align 1024 .b8 shared_T[256];
\ CHECK: .shared .align 128 .b8 shared_U[32];
\ LARGE: // @shared-bytes 0
\ LARGE: // @large-shared-bytes 66592
\ LARGE: .extern .shared .align 1024 .b8 shared_B[];
\ LARGE: .extern .shared .align 1024 .b8 shared_T[];
\ LARGE: .extern .shared .align 1024 .b8 shared_U[];
\ LARGE: shared_T+1024
\ LARGE: shared_U+66560
