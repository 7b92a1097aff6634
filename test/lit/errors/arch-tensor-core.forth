\ Tensor-core words need sm_80: an older --arch is an error at the word as
\ the user wrote it (for a stdlib word such as MMA-3XTF32, its call site,
\ not the line inside the prelude); the CPU backend and newer GPUs accept it.
\ RUN: %not %warpforthc %s --arch sm_75 2>&1 | FileCheck %s --strict-whitespace
\ RUN: %warpforthc %s --arch sm_86 > /dev/null
\ RUN: %not %warpforthc %s --arch sm_75 -D DIRECT=1 2>&1 | FileCheck %s --check-prefix=DIRECT

\! kernel k
\! float f32
\! const DIRECT 0
\! param X f32[16]
: frag ( -- x0 .. x9 )  10 0 UNROLL DO X I 4 * + F32@ LOOP ;
DIRECT IF X F32@ F>TF32 X F32! THEN
frag MMA-3XTF32 X 4F!
\ CHECK: {{.*}}arch-tensor-core.forth:[[@LINE-1]]:6: error: 'MMA-3XTF32' needs --arch sm_80 or newer, not sm_75
\ CHECK-NEXT: {{^}}frag MMA-3XTF32 X 4F!{{$}}
\ CHECK-NEXT: {{^}}     ^~~~~~~~~~{{$}}
\ DIRECT: arch-tensor-core.forth:[[@LINE-5]]:18: error: 'F>TF32' needs --arch sm_80 or newer, not sm_75
