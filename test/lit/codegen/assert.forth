\ ASSERT ( flag -- ) is compiled in by --check-bounds or a nonzero DEBUG
\ constant (here -D DEBUG): a zero flag records the assertion in the check
\ record (status 2). Otherwise the flag is popped and nothing is left, not
\ even the hidden param.
\ RUN: %warpforthc %s --arch sm_90 -D DEBUG | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 -D DEBUG=0 | FileCheck %s --check-prefix=OFF
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s --check-prefix=OFF
\ RUN: %warpforthc %s --arch sm_90 --check-bounds | FileCheck %s --check-prefix=CHECKED
\ The IR always has it; the lowering decides.
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR

\! kernel assert_codegen
\! param X i64[4]
X @ 0 > ASSERT
7 X !

\ CHECK: // @checked
\ CHECK-NEXT: // @check-site assert {{.*}}assert.forth:14:9
\ CHECK-NEXT: // @end
\ CHECK: .param .u64 assert_codegen_param_1
\ CHECK: atom.global.cas.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], 0, 2;
\ CHECK-NOT: atom.global.cas

\ OFF-NOT: @check
\ OFF-NOT: assert_codegen_param_1
\ OFF-NOT: atom.global.cas

\ CHECKED: // @check-site access 8-byte load from param 'X', {{.*}}assert.forth:14:3
\ CHECKED-NEXT: // @check-site assert {{.*}}assert.forth:14:9
\ CHECKED-NEXT: // @check-site access 8-byte store to param 'X', {{.*}}assert.forth:15:5

\ IR: [[FLAG:%[0-9]+]] = icmp.gt
\ IR-NEXT: assert [[FLAG]]
