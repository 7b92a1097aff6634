\ A register array's computed index (N R@, N R!) is checked in a checked
\ build like an access: a site `index` names the array, its word and the
\ position, and a failing index records itself (status 1, region -2, the
\ index as the offset, the element count as the size) with the atom.cas;
\ the read then gives element 0 and the write is dropped, as unchecked.
\ A constant index (2 R@) is checked when compiling and gets no site.
\ Without --check-bounds the selects stay as they were: no branch, no check.
\ RUN: %warpforthc %s --arch sm_90 --check-bounds | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s --check-prefix=PLAIN

\! kernel regidx_check
\! param X i64[4]
\! param N i64
\! reg R i64[4]
4 0 UNROLL DO  I 10 * I R!  LOOP
7 N R!  N R@ X !  2 R@ X 8 + !

\ CHECK: // @checked
\ CHECK-NEXT: // @check-site index register array 'R' (R!), {{.*}}reg-index-check.forth:16:5
\ CHECK-NEXT: // @check-site index register array 'R' (R@), {{.*}}reg-index-check.forth:16:11
\ CHECK-NEXT: // @check-site access 8-byte store to param 'X', {{.*}}reg-index-check.forth:16:16
\ CHECK-NEXT: // @check-site access 8-byte store to param 'X', {{.*}}reg-index-check.forth:16:30
\ CHECK-NEXT: // @end
\ CHECK: ld.param.u64 [[REC:%rd[0-9]+]], [regidx_check_param_2];
\ CHECK: ld.param.u64 [[N:%rd[0-9]+]], [regidx_check_param_1];
\ CHECK: setp.gt.u64 {{%p[0-9]+}}, [[N]], 3;
\ CHECK: atom.global.cas.b32 {{%r[0-9]+}}, {{\[}}[[REC]]], 0, 1;
\ CHECK: mov.u64 [[REGION:%rd[0-9]+]], -2;
\ CHECK-NEXT: st.global.u64 {{\[}}[[REC]]+8], [[REGION]];
\ CHECK-NEXT: st.global.u64 {{\[}}[[REC]]+16], [[N]];
\ CHECK-NEXT: mov.u64 [[COUNT:%rd[0-9]+]], 4;
\ CHECK-NEXT: st.global.u64 {{\[}}[[REC]]+24], [[COUNT]];

\ PLAIN-NOT: @check
\ PLAIN: ld.param.u64 {{%rd[0-9]+}}, [regidx_check_param_1];
\ PLAIN-NOT: bra
\ PLAIN: selp.b64
\ PLAIN-NOT: bra
\ PLAIN-NOT: atom
\ PLAIN: ret;
