\ Every -O level compiles; -O0 keeps the unoptimized shape (the
\ inttoptr/ptrtoint address arithmetic of each access), -O3 folds the
\ constant arithmetic away.
\ RUN: %warpforthc %s -O0 | FileCheck %s --check-prefix=PTX
\ RUN: %warpforthc %s -O1 | FileCheck %s --check-prefix=PTX
\ RUN: %warpforthc %s -O2 | FileCheck %s --check-prefix=PTX
\ RUN: %warpforthc %s -O3 | FileCheck %s --check-prefix=PTX
\ RUN: %warpforthc %s -O0 --emit llvm | FileCheck %s --check-prefix=O0
\ RUN: %warpforthc %s -O3 --emit llvm | FileCheck %s --check-prefix=O3

\! kernel k
\! param A i64[4]
2 3 * A !

\ PTX: .entry k(
\ PTX: st.global.u64
\ PTX: ret;

\ O0: define ptx_kernel void @k(
\ O0: ptrtoint ptr addrspace(1) %A to i64
\ O0: store i64 6,

\ O3: store i64 6, ptr addrspace(1) %A
\ O3-NOT: ptrtoint
