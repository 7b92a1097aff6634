\ --check-bounds: the kernel takes the check record as a hidden last param
\ (common/CheckABI.h), reads each array's byte size from it once (an
\ invariant ld.global.nc), tests every access against it and does it only
\ when it passes, and records the first failure with an atom.cas on the
\ status; the signature lists the check sites the record's index refers
\ to. Without the flag none of it.
\ RUN: %warpforthc %s --arch sm_90 --check-bounds | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s --check-prefix=PLAIN

\! kernel walk
\! param X i64[4]
\! param N i64
\! shared T f32[8]
X N 0 DO 1 OVER ! 8 + LOOP DROP
N T N 4 * + SI32! BARRIER T SI32@ X !

\ CHECK: // @checked
\ CHECK-NEXT: // @check-site access 8-byte store to param 'X', {{.*}}check-bounds.forth:14:17
\ CHECK-NEXT: // @check-site access 4-byte store to shared memory, {{.*}}check-bounds.forth:15:13
\ CHECK-NEXT: // @check-site access 4-byte load from shared memory, {{.*}}check-bounds.forth:15:29
\ CHECK-NEXT: // @check-site access 8-byte store to param 'X', {{.*}}check-bounds.forth:15:37
\ CHECK-NEXT: // @end
\ CHECK: .entry walk(
\ CHECK-NEXT: .param .u64 walk_param_0,
\ CHECK-NEXT: .param .u64 walk_param_1,
\ CHECK-NEXT: .param .u64 walk_param_2
\ CHECK: ld.param.u64 [[REC:%rd[0-9]+]], [walk_param_2];
\ CHECK: ld.global.nc.u64 {{%rd[0-9]+}}, {{\[}}[[REC]]+64];
\ CHECK: st.global.u64
\ CHECK: atom.global.cas.b32 {{%r[0-9]+}}, {{\[}}[[REC]]], 0, 1;
\ CHECK: ld.global.nc.u64 {{%rd[0-9]+}}, {{\[}}[[REC]]+56];
\ CHECK: st.shared.u32
\ CHECK: ld.shared.s32 {{%rd[0-9]+}}, [shared_T];

\ PLAIN-NOT: @checked
\ PLAIN: .param .u64 walk_param_1
\ PLAIN-NOT: walk_param_2
\ PLAIN-NOT: atom.global.cas
