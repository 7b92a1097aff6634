\ The 16-bit tensor-core words need sm_80, STMATRIX sm_90: an older --arch
\ is an error at the word; LDMATRIX on an array param's address is an
\ address-space error like S@'s.
\ RUN: %not %warpforthc %s --arch sm_75 2>&1 | FileCheck %s --check-prefix=SM75
\ RUN: %not %warpforthc %s --arch sm_86 -D STORE=1 2>&1 | FileCheck %s --check-prefix=SM86
\ RUN: %warpforthc %s --arch sm_86 > /dev/null
\ RUN: %warpforthc %s --arch sm_90 -D STORE=1 > /dev/null
\ RUN: %not %warpforthc %s --arch sm_90 -D PARAM=1 2>&1 | FileCheck %s --check-prefix=PARAM

\! kernel k
\! const STORE 0
\! const PARAM 0
\! param P i32[64]
\! shared S i16[256]
1 2 3 4 5 6 7 8 MMA-F16-F16 P I32! P 4 + I32!
\ SM75: arch-tensor16.forth:[[@LINE-1]]:17: error: 'MMA-F16-F16' needs --arch sm_80 or newer, not sm_75
STORE IF 1 S STMATRIX-X1 THEN
\ SM86: arch-tensor16.forth:[[@LINE-1]]:14: error: 'STMATRIX-X1' needs --arch sm_90 or newer, not sm_86
PARAM IF P LDMATRIX-X1 P I32! THEN
\ PARAM: arch-tensor16.forth:[[@LINE-1]]:12: error: 'LDMATRIX-X1' reads shared memory but its address is in the array param 'P' (global memory)
