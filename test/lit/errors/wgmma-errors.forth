\ Hopper warpgroup words: the target (sm_90a, which sm_90 becomes) and the
\ operands that must be known when compiling (wgmma-accumulator.forth: the
\ array after the word).
\ RUN: %not %warpforthc %s --arch sm_80 2>&1 | FileCheck %s --check-prefix=SM80
\ RUN: %not %warpforthc %s --arch sm_90 -D CASE=4 2>&1 | FileCheck %s --check-prefix=TNSP
\ RUN: %not %warpforthc %s --arch sm_90 -D CASE=5 2>&1 | FileCheck %s --check-prefix=SWZ
\ RUN: %not %warpforthc %s --arch sm_90 -D CASE=6 2>&1 | FileCheck %s --check-prefix=NREG
\ RUN: %not %warpforthc %s --arch sm_90 -D CASE=7 2>&1 | FileCheck %s --check-prefix=WAIT

\! kernel k
\! const CASE 0
\! param P i64[4]
\! shared AS bf16[4096] align 1024
\! reg ACC f32[8]
CASE 0 = IF  WGMMA-FENCE  THEN
\ SM80: wgmma-errors.forth:[[@LINE-1]]:14: error: 'WGMMA-FENCE' needs --arch sm_90a (or sm_90, compiled as sm_90a), not sm_80
CASE 4 = IF  1 2 0 P @ 0 WGMMA-BF16 ACC  THEN
\ TNSP: wgmma-errors.forth:[[@LINE-1]]:26: error: 'WGMMA-BF16' needs a transpose flag for A (0 or 1) known when compiling
CASE 5 = IF  AS 16 1024 P @ WGMMA-DESC P !  THEN
\ SWZ: wgmma-errors.forth:[[@LINE-1]]:29: error: 'WGMMA-DESC' needs a swizzle of 0, 32, 64 or 128 bytes known when compiling
CASE 6 = IF  100 SETMAXNREG-INC  THEN
\ NREG: wgmma-errors.forth:[[@LINE-1]]:18: error: 'SETMAXNREG-INC' needs a multiple of 8 registers, not 100
CASE 7 = IF  8 WGMMA-WAIT  THEN
\ WAIT: wgmma-errors.forth:[[@LINE-1]]:16: error: 'WGMMA-WAIT' needs a count of pending groups from 0 to 7 known when compiling
