\ sm_90's asynchronous machinery: the mbarrier words (mbarrier.init and
\ .arrive through LLVM's intrinsics, the rest inline PTX), the fences, the
\ named barriers, and TMA: a '\! tmap' param is a 128-byte grid constant
\ (`.param .align 64 .b8 NAME[128]`) whose generic address (cvta.param)
\ the cp.async.bulk.tensor instructions take, coordinates innermost first
\ (the words take them outermost first); TMA-REDUCE-ADD-ND is the store's
\ cp.reduce.async.bulk.tensor .add form. PTX ISA 8.0 for sm_90.
\ RUN: %warpforthc %s --arch sm_90 --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 > %t.ptx && %ptxas-verify %t.ptx

\! kernel k
\! tmap A bf16[M,K] box 64,64 swizzle 128
\! tmap V f32[B,N,D] box 2,8,16
\! tmap W f32[2,3,4,8] box 1,1,2,4
\! tmap X f32[2,2,3,4,8] box 1,1,1,2,4
\! tmap Y f32[64] box 16
\! tmap Z i32[M,K] box 8,8 swizzle 32
\! param M i32
\! param K i32
\! param B i32
\! param N i32
\! param D i32
\! param OUT i64[4]
\! shared BAR i64[4]
\! shared T bf16[4096] align 1024
\! shared U f32[256] align 128

TID-X 0= IF
  1 BAR MBAR-INIT
  FENCE-MBAR-INIT
  8192 BAR MBAR-ARRIVE-TX
  3 5 BAR T A TMA-LOAD-2D
  1 2 3 BAR 8 + U V TMA-LOAD-3D
  0 1 2 3 BAR 16 + U W TMA-LOAD-4D
  0 1 0 1 2 BAR 16 + U X TMA-LOAD-5D
  16 BAR 24 + U Y TMA-LOAD-1D
THEN
BAR 8 + MBAR-ARRIVE
0 BAR MBAR-WAIT
1 BAR MBAR-TRY-WAIT OUT !
FENCE-PROXY-ASYNC
1 128 BAR-SYNC-N
2 64 BAR-ARRIVE-N
TID-X 0= IF
  7 9 T A TMA-STORE-2D
  4 U Y TMA-STORE-1D
  1 2 3 U V TMA-STORE-3D
  0 0 0 0 U W TMA-STORE-4D
  0 0 0 0 0 U X TMA-STORE-5D
  1 2 3 U V TMA-REDUCE-ADD-3D
  8 U Y TMA-REDUCE-ADD-1D
  1 8 T Z TMA-REDUCE-ADD-2D
  TMA-STORE-COMMIT
  0 TMA-STORE-WAIT
THEN

\ IR: kernel @k(A: bf16[M*K], V: f32[B*N*D]
\ IR: async MBAR-INIT
\ IR: async FENCE-MBAR-INIT
\ IR: async MBAR-ARRIVE-TX
\ IR: tmap A
\ IR-NEXT: async TMA-LOAD-2D

\ CHECK: .version 8.1
\ CHECK: .param .align 64 .b8 k_param_0[128]
\ CHECK: .param .align 64 .b8 k_param_1[128]
\ CHECK: .shared .align 1024 .b8 shared_T[8192]
\ CHECK: .shared .align 128 .b8 shared_U[1024]
\ CHECK: mbarrier.init.shared.b64
\ CHECK: fence.mbarrier_init.release.cluster;
\ CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{%r[0-9]+}}], {{%r[0-9]+}};
\ CHECK: cvta.param.u64
\ CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{%r[0-9]+}}], [{{%rd[0-9]+}}, {{[{]}}[[X:%r[0-9]+]], [[Y:%r[0-9]+]]{{[}]}}], [{{%r[0-9]+}}];
\ CHECK: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
\ CHECK: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
\ CHECK: cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
\ CHECK: cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
\ CHECK: mbarrier.arrive.shared.b64
\ CHECK: mbarrier.try_wait.parity.shared::cta.b64 P1
\ CHECK-NEXT: @!P1 bra WF_MBAR_WAIT_
\ CHECK: mbarrier.try_wait.parity.shared::cta.b64 P1
\ CHECK-NEXT: selp.b32
\ CHECK: fence.proxy.async.shared::cta;
\ CHECK: bar.sync {{%r[0-9]+}}, {{%r[0-9]+}};
\ CHECK: bar.arrive {{%r[0-9]+}}, {{%r[0-9]+}};
\ CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [{{%rd[0-9]+}}, {{[{]}}{{%r[0-9]+}}, {{%r[0-9]+}}{{[}]}}], [{{%r[0-9]+}}];
\ CHECK: cp.async.bulk.tensor.1d.global.shared::cta.tile.bulk_group
\ CHECK: cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group
\ CHECK: cp.async.bulk.tensor.5d.global.shared::cta.tile.bulk_group
\ CHECK: cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.tile.bulk_group [{{%rd[0-9]+}}, {{[{]}}{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}{{[}]}}], [{{%r[0-9]+}}];
\ CHECK: cp.reduce.async.bulk.tensor.1d.global.shared::cta.add.tile.bulk_group
\ CHECK: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
\ CHECK: cp.async.bulk.commit_group;
\ CHECK: cp.async.bulk.wait_group.read 0;
