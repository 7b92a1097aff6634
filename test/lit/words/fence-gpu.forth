\ FENCE-GPU is membar.gl, between the store before it and the atomic after
\ it (the pattern "write partial results, fence, count the block in").
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param X i64[4]
\! param C i64[1]
1 X !
FENCE-GPU
1 C ATOMIC-ADD DROP

\ CHECK: store i64 1
\ CHECK-NEXT: call void @llvm.nvvm.membar.gl()
\ CHECK: atomicrmw add
\ PTX: st.global.u64
\ PTX: membar.gl;
\ PTX-NEXT: atom.global.add.u64
