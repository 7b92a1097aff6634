\ Asynchronous copies: CP-ASYNC ( gaddr saddr -- ) is one 16-byte
\ cp.async.cg.shared.global (dst shared, src global), CP-ASYNC-COMMIT closes
\ the group, CP-ASYNC-WAIT ( n -- ) is cp.async.wait_group with n as its
\ immediate. On the CPU backend the copy is a 16-byte memcpy.
\ RUN: %warpforthc %s --arch sm_90 --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s

\! kernel k
\! float f32
\! param X f32[1024]
\! param Y f32[1024]
\! shared T f32[1024]
TID-X 4 * { e }
X e FLOATS + T e FLOATS + CP-ASYNC
CP-ASYNC-COMMIT
X e 512 + FLOATS + T e 512 + FLOATS + CP-ASYNC
CP-ASYNC-COMMIT
1 CP-ASYNC-WAIT
BARRIER
T e FLOATS + 4SF@ Y e FLOATS + 4F!
0 CP-ASYNC-WAIT
BARRIER
T e 512 + FLOATS + 4SF@ Y e 512 + FLOATS + 4F!

\ IR: cp.async [[SRC:%[0-9]+]], [[DST:%[0-9]+]]
\ IR-NEXT: cp.async.commit
\ IR: cp.async.wait 1
\ IR: cp.async.wait 0

\ CHECK: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
\ CHECK-NEXT: cp.async.commit_group;
\ CHECK: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
\ CHECK-NEXT: cp.async.commit_group;
\ CHECK-NEXT: cp.async.wait_group 1;
\ CHECK: cp.async.wait_group 0;
