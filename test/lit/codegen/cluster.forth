\ Thread-block clusters: '\! cluster X Y Z' puts .explicitcluster and
\ .reqnctapercluster on the entry (a plain cuLaunchKernel then runs the
\ kernel clustered) and @cluster in the signature for the runtime's grid
\ check; the cluster words are special registers and inline PTX. The
\ multicast TMA load makes the kernel sm_90a (ptxas advises it).
\ RUN: %warpforthc %s --arch sm_90 --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 -D MC=0 | FileCheck %s --check-prefix=PLAIN
\ RUN: sed 's/^.. cluster.*//' %s | %warpforthc - --arch sm_90 -D MC=0 | FileCheck %s --check-prefix=NONE

\! kernel k
\! const MC 1
\! const CX 2
\! cluster CX 2 1
\! float f32
\! tmap A f32[M,K] box 8,32
\! tmap V f32[2,2,16,32] box 1,1,8,32
\! param M i32
\! param K i32
\! param OUT i32[16]
\! param F f32[4]
\! shared BAR i64[1]
\! shared T f32[256] align 128
\! shared S i32[4]

CLUSTER-RANK OUT I32!
CLUSTER-SIZE OUT 4 + I32!
CLUSTER-ID-X CLUSTER-ID-Y + CLUSTER-ID-Z + OUT 8 + I32!
CLUSTER-SYNC
CLUSTER-ARRIVE
CLUSTER-WAIT
S 4 + 3 MAPA { d }
d DSMEM-I32@ OUT 12 + I32!
7 d DSMEM-I32!
d DSMEM-F32@ F F32!
F F32@ d DSMEM-F32!
BAR 1 MAPA MBAR-ARRIVE-REMOTE
0 BAR MBAR-WAIT-CLUSTER
MC IF
  0 0 BAR T A 3 TMA-LOAD-MC-2D
  1 0 0 0 BAR T V 15 TMA-LOAD-MC-4D
THEN

\ IR: sreg cluster.rank
\ IR: sreg cluster.size
\ IR: sreg clusterid.x
\ IR: async CLUSTER-SYNC
\ IR: async MAPA
\ IR: async DSMEM-I32@
\ IR: async TMA-LOAD-MC-2D

\ CHECK: // @cluster 2 2 1
\ CHECK: .target sm_90a
\ CHECK: .entry k(
\ CHECK: .explicitcluster
\ CHECK-NEXT: .reqnctapercluster 2, 2, 1
\ CHECK-NEXT: {
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %cluster_ctarank;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %cluster_nctarank;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %clusterid.x;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %clusterid.z;
\ CHECK: barrier.cluster.arrive.release;
\ CHECK-NEXT: barrier.cluster.wait.acquire;
\ CHECK: barrier.cluster.arrive.release;
\ CHECK: barrier.cluster.wait.acquire;
\ CHECK: mapa.shared::cluster.u32 [[D:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
\ CHECK: ld.shared::cluster.b32 {{%r[0-9]+}}, [[[D]]];
\ CHECK: st.shared::cluster.b32 [[[D]]], {{%r[0-9]+}};
\ CHECK: ld.shared::cluster.b32
\ CHECK: st.shared::cluster.b32
\ CHECK: mapa.shared::cluster.u32
\ CHECK: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [{{%r[0-9]+}}];
\ CHECK: mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64
\ CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [{{%r[0-9]+}}], [{{%rd[0-9]+}}, {{[{]}}{{%r[0-9]+}}, {{%r[0-9]+}}{{[}]}}], [{{%r[0-9]+}}], {{%rs[0-9]+}};
\ CHECK: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster

\ Without a multicast load the cluster words are sm_90's.
\ PLAIN: .target sm_90{{$}}
\ PLAIN: .reqnctapercluster 2, 2, 1
\ PLAIN-NOT: multicast
\ A kernel without the directive runs in clusters of one: the words work,
\ with no cluster directives.
\ NONE-NOT: @cluster
\ NONE-NOT: .reqnctapercluster
\ NONE: %cluster_ctarank
