\ Hopper warpgroup words. WGMMA-BF16 ACC is IR lanes of one group, one per
\ accumulator, that become one wgmma.mma_async (inline PTX: LLVM 19 has no
\ intrinsic) with the accumulators as "=f" outputs tied to their inputs;
\ WGMMA-FENCE and WGMMA-WAIT pass every accumulator array through, so no
\ access to those registers moves across them; WGMMA-DESC is integer
\ arithmetic on the tile's shared-window offset; --arch sm_90 compiles as
\ sm_90a, the target these words need.
\ RUN: %warpforthc %s --arch sm_90 --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90a -D F16=1 | FileCheck %s --check-prefix=F16

\! kernel k
\! float f32
\! const F16 0
\! param X f32[64]
\! shared AS bf16[4096] align 1024
\! shared BS bf16[4096] align 1024
\! reg ACC f32[32]
\! reg OTHER f32[4]
240 SETMAXNREG-INC
AS 16 1024 128 WGMMA-DESC  BS 16 1024 128 WGMMA-DESC { da db }
WGMMA-FENCE
F16 IF  da db 1 0 1 WGMMA-F16 ACC  ELSE  da db 0 0 0 WGMMA-BF16 ACC  THEN
da db 0 1 0 WGMMA-BF16 OTHER
1 2 3 4 db 1 1 WGMMA-BF16-RS OTHER
WGMMA-COMMIT
1 WGMMA-WAIT
0 ACC@ 31 ACC@ F+ 3 OTHER@ F+ X F!
40 SETMAXNREG-DEC

\ IR: shared.offset
\ IR: wgmma.sync.fence r0
\ IR: wgmma.sync.fence r35
\ IR: wgmma.m64n64k16.bf16 d0
\ IR: wgmma.m64n64k16.bf16 d31
\ IR: wgmma.m64n8k16.bf16.tnsp-a d0
\ IR: wgmma.sync.commit
\ IR: wgmma.sync.wait 1 r0

\ CHECK: .target sm_90a
\ CHECK: setmaxnreg.inc.sync.aligned.u32 240;
\ CHECK: wgmma.fence.sync.aligned;
\ CHECK: setp.ne.b32 p, %r{{[0-9]+}}, 0;
\ CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%f{{[0-9]+}}, {{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 0;
\ CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 1, 0;
\ CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
\ CHECK: wgmma.commit_group.sync.aligned;
\ CHECK: wgmma.wait_group.sync.aligned 1;
\ CHECK: setmaxnreg.dec.sync.aligned.u32 40;

\ F16: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;
