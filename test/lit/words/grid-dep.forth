\ Programmatic dependent launch: GRID-DEP-LAUNCH is
\ griddepcontrol.launch_dependents, GRID-DEP-WAIT griddepcontrol.wait, both
\ inline PTX with side effects (sm_90, PTX ISA 7.8). The wait also clobbers
\ memory: a load after it is not merged with the same load before it (what
\ the previous grid wrote becomes visible only at the wait).
\ RUN: %warpforthc %s --arch sm_90 --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s --arch sm_90 --emit llvm | FileCheck %s --check-prefix=LLVM
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 > %t.ptx && %ptxas-verify %t.ptx

\! kernel k
\! param A i64[1]
\! param B i64[2]
GRID-DEP-LAUNCH
A @ B !
GRID-DEP-WAIT
A @ B 8 + !

\ IR: async GRID-DEP-LAUNCH
\ IR: load.global.i64
\ IR: async GRID-DEP-WAIT
\ IR: load.global.i64

\ LLVM: call void asm sideeffect "griddepcontrol.launch_dependents;", ""()
\ LLVM: call void asm sideeffect "griddepcontrol.wait;", "~{memory}"()

\ CHECK: .target sm_90{{$}}
\ CHECK: griddepcontrol.launch_dependents;
\ CHECK: ld.global.u64
\ CHECK: griddepcontrol.wait;
\ CHECK: ld.global.u64
\ CHECK: st.global.u64
