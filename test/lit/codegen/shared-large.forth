\ Sized shared arrays that together pass CUDA's 48 KiB cap on static shared
\ memory live at the start of dynamic shared memory, in the same layout
\ (each 16-byte aligned): extern arrays at their offsets, no static shared
\ bytes, and the signature's @large-shared-bytes tells the runtime to add
\ them to every launch. A `TYPE[]` array sized at launch comes after them.
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 -D N=1024 | FileCheck %s --check-prefix=SMALL

\! kernel k
\! float f32
\! const N 12288
\! param X f32[4]
\! shared A f32[N]
\! shared B f32[5]
\! shared C f32[]
TID-X FLOATS { at }
1.0 A at + SF!  2.0 B at + SF!  3.0 C at + SF!
BARRIER
A SF@ B SF@ F+ C SF@ F+ X F!

\ CHECK: // @shared A f32 12288
\ CHECK: // @shared B f32 5
\ CHECK: // @dynamic-shared C f32
\ CHECK: // @shared-bytes 0
\ CHECK: // @large-shared-bytes 49184
\ CHECK: .extern .shared .align 16 .b8 shared_A[];
\ CHECK: .extern .shared .align 16 .b8 shared_B[];
\ CHECK: .extern .shared .align 16 .b8 shared_C[];
\ CHECK-NOT: .shared .align {{.*}}[{{[0-9]+}}]
\ CHECK-DAG: ld.shared.f32 {{%f[0-9]+}}, [shared_A];
\ CHECK-DAG: ld.shared.f32 {{%f[0-9]+}}, [shared_B+49152];
\ CHECK-DAG: ld.shared.f32 {{%f[0-9]+}}, [shared_C+49184];

\ Under the cap they stay static, as before.
\ SMALL: // @shared-bytes 4128
\ SMALL-NOT: @large-shared-bytes
\ SMALL: .extern .shared .align 16 .b8 shared_C[];
\ SMALL: .shared .align 16 .b8 shared_A[4096];
\ SMALL: .shared .align 16 .b8 shared_B[20];
\ SMALL: ld.shared.f32 {{%f[0-9]+}}, [shared_C];
