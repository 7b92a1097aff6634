\ Atomics return the value memory held before. ATOMIC-ADD/MIN/MAX/XCHG
\ ( n addr -- old ), ATOMIC-CAS ( expected new addr -- old ), FATOMIC-ADD
\ ( x addr -- old ) on global memory; the S- forms on shared memory. They
\ are relaxed (monotonic) atomics; MIN/MAX are signed.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s --check-prefix=LLVM
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s --float f32 | FileCheck %s --check-prefix=F32

\! kernel k
\! param A i64[8]
\! param X f64[8]
\! param OUT i64[16]
\! shared S i64[8]
\! shared SX f64[8]
\! shared S32 i32[8]
: OUT ( n i -- ) CELLS OUT + ! ;
1 A ATOMIC-ADD 0 OUT
2 A ATOMIC-MIN 1 OUT
3 A ATOMIC-MAX 2 OUT
4 A ATOMIC-XCHG 3 OUT
5 6 A ATOMIC-CAS 4 OUT
1.5 X FATOMIC-ADD X 8 + F!
1 S SATOMIC-ADD 5 OUT
2 S SATOMIC-MIN 6 OUT
3 S SATOMIC-MAX 7 OUT
4 S SATOMIC-XCHG 8 OUT
5 6 S SATOMIC-CAS 9 OUT
1.5 SX SFATOMIC-ADD X 16 + F!
7 S32 4 + SATOMIC-ADD-I32 10 OUT

\ LLVM: atomicrmw add ptr addrspace(1) %A, i64 1 monotonic
\ LLVM: atomicrmw min ptr addrspace(1) %A, i64 2 monotonic
\ LLVM: atomicrmw max ptr addrspace(1) %A, i64 3 monotonic
\ LLVM: atomicrmw xchg ptr addrspace(1) %A, i64 4 monotonic
\ LLVM: cmpxchg ptr addrspace(1) %A, i64 5, i64 6 monotonic monotonic
\ LLVM: atomicrmw fadd ptr addrspace(1) %X, double 1.500000e+00 monotonic
\ LLVM: atomicrmw add ptr addrspace(3) @shared_S, i64 1 monotonic
\ LLVM: atomicrmw min ptr addrspace(3) @shared_S, i64 2 monotonic
\ LLVM: atomicrmw max ptr addrspace(3) @shared_S, i64 3 monotonic
\ LLVM: atomicrmw xchg ptr addrspace(3) @shared_S, i64 4 monotonic
\ LLVM: cmpxchg ptr addrspace(3) @shared_S, i64 5, i64 6 monotonic monotonic
\ LLVM: atomicrmw fadd ptr addrspace(3) @shared_SX, double 1.500000e+00 monotonic
\ SATOMIC-ADD-I32: a 32-bit add, the old value sign-extended to the cell.
\ LLVM: [[OLD:%[0-9a-z_.]+]] = atomicrmw add ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @shared_S32, i64 4), i32 7 monotonic, align 4
\ LLVM: sext i32 [[OLD]] to i64

\ CHECK: atom.global.add.u64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}], 1;
\ CHECK: atom.global.min.s64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}], 2;
\ CHECK: atom.global.max.s64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}], 3;
\ CHECK: atom.global.exch.b64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}], 4;
\ CHECK: atom.global.cas.b64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}], 5, 6;
\ CHECK: atom.global.add.f64
\ CHECK: atom.shared.add.u64
\ CHECK: atom.shared.min.s64
\ CHECK: atom.shared.max.s64
\ CHECK: atom.shared.exch.b64
\ CHECK: atom.shared.cas.b64
\ CHECK: atom.shared.add.f64
\ CHECK: atom.shared.add.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], 7;

\ F32: atom.global.add.f32
\ F32: atom.shared.add.f32
