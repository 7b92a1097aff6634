\ --check-bounds: the kernel takes the check record as a hidden last param
\ (common/CheckABI.h), reads each array's byte size from it once (an
\ invariant ld.global.nc), tests every access against it, and records the
\ first failure with an atom.cas on the status; the signature lists the
\ check sites the record's index refers to. Without the flag none of it.
\ RUN: %warpforthc %s --arch sm_90 --check-bounds | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s --check-prefix=PLAIN

\! kernel walk
\! param X i64[4]
\! param N i64
\! shared T f32[8]
X N 0 DO 1 OVER ! 8 + LOOP DROP
2 T N 4 * + SI32!

\ CHECK: // @checked
\ CHECK-NEXT: // @check-site access 8-byte store to param 'X', {{.*}}check-bounds.forth:13:17
\ CHECK-NEXT: // @check-site access 4-byte store to shared memory, {{.*}}check-bounds.forth:14:13
\ CHECK-NEXT: // @end
\ CHECK: .entry walk(
\ CHECK-NEXT: .param .u64 walk_param_0,
\ CHECK-NEXT: .param .u64 walk_param_1,
\ CHECK-NEXT: .param .u64 walk_param_2
\ CHECK: .shared .align 16 .b8 wf_check_scratch[64];
\ CHECK: ld.param.u64 [[REC:%rd[0-9]+]], [walk_param_2];
\ CHECK: ld.global.nc.u64 {{%rd[0-9]+}}, {{\[}}[[REC]]+128];
\ CHECK: st.global.u64
\ CHECK: atom.global.cas.b32 {{%r[0-9]+}}, {{\[}}[[REC]]], 0, 1;
\ CHECK: ld.global.nc.u64 {{%rd[0-9]+}}, {{\[}}[[REC]]+56];
\ CHECK: st.shared.u32

\ PLAIN-NOT: @checked
\ PLAIN-NOT: wf_check_scratch
\ PLAIN: .param .u64 walk_param_1
\ PLAIN-NOT: walk_param_2
\ PLAIN-NOT: atom.global.cas
