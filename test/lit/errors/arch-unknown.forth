\ An unknown --arch is reported once, by warpforthc, naming examples of
\ valid architectures; the front-end stages (--emit ir) do not need one.
\ RUN: %not %warpforthc %s --arch sm_bogus 2>&1 | FileCheck %s
\ RUN: %not %warpforthc %s --arch sm_bogus --emit llvm 2>&1 | FileCheck %s
\ RUN: %warpforthc %s --arch sm_bogus --emit ir | FileCheck %s --check-prefix=IR

\! kernel k
1 DROP

\ CHECK: warpforthc: error: unknown GPU architecture 'sm_bogus' (expected one of sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a)
\ IR: kernel @k() float f64
