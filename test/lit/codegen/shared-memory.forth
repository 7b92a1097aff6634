\ Each shared array is a .shared variable (16-byte aligned, its size in
\ bytes); S@/S! use ld/st.shared, and BARRIER is bar.sync 0.
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s --emit llvm | FileCheck %s --check-prefix=LLVM

\! kernel reduce
\! const BLOCK 128
\! param OUT i64[1]
\! shared PART i64[BLOCK]
\! shared HALVES f16[3]
TID-X DUP CELLS PART + S!
BARRIER
TID-X 0= IF PART S@ OUT ! THEN
1.5 TID-X 2* HALVES + SHF!
BARRIER HALVES SHF@ F>S OUT !   \ read back: a write-only array would go

\ CHECK: // @shared PART i64 128
\ CHECK: // @shared HALVES f16 3
\ CHECK: // @shared-bytes 1040
\ CHECK-DAG: .shared .align 16 .b8 shared_PART[1024];
\ CHECK-DAG: .shared .align 16 .b8 shared_HALVES[6];
\ CHECK: st.shared.u64
\ CHECK: bar.sync 0;
\ CHECK: ld.shared.u64
\ CHECK: st.shared.u16
\ CHECK: ld.shared.{{u16|b16}}

\ LLVM: @shared_PART = internal {{(unnamed_addr )?}}addrspace(3) global [1024 x i8] undef, align 16
\ LLVM: @shared_HALVES = internal {{(unnamed_addr )?}}addrspace(3) global [6 x i8] undef, align 16
