\ --arch selects the PTX target (sm_80 by default); the PTX is accepted by
\ ptxas (the %%warpforthc wrapper assembles it).
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=DEFAULT
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s --check-prefix=SM90
\ RUN: %warpforthc %s --arch sm_86 | FileCheck %s --check-prefix=SM86

\! kernel k
\! param A i64[4]
GLOBAL-ID CELLS A + DUP @ 1+ SWAP !

\ DEFAULT: .target sm_80
\ SM90: .target sm_90
\ SM86: .target sm_86
