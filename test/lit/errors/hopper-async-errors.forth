\ The asynchronous words' operands: constants the GPU takes as immediates
\ or in a range (TMA-STORE-WAIT's count, named barrier ids and thread
\ counts, MBAR-INIT's arrival count), shared addresses for mbarriers and
\ tiles, a '\! tmap' param for the TMA words; and sm_90 for the words
\ that need it (MBAR-INIT and MBAR-ARRIVE are sm_80's, the named barriers
\ every GPU's).
\ RUN: %not %warpforthc %s --arch sm_90 2>&1 | FileCheck %s
\ RUN: %not %warpforthc %s --arch sm_90 -D CASE=1 2>&1 | FileCheck %s --check-prefix=ONE
\ RUN: %not %warpforthc %s --arch sm_90 -D CASE=2 2>&1 | FileCheck %s --check-prefix=TWO
\ RUN: %not %warpforthc %s --arch sm_90 -D CASE=3 2>&1 | FileCheck %s --check-prefix=THREE
\ RUN: %not %warpforthc %s --arch sm_90 -D CASE=4 2>&1 | FileCheck %s --check-prefix=FOUR
\ RUN: %not %warpforthc %s --arch sm_80 -D CASE=5 2>&1 | FileCheck %s --check-prefix=OLD
\ RUN: %not %warpforthc %s --arch sm_80 -D CASE=6 2>&1 | FileCheck %s --check-prefix=OLDTMA
\ RUN: %warpforthc %s --arch sm_80 -D CASE=7 > /dev/null
\ RUN: %not %warpforthc %s --arch sm_90 -D CASE=8 2>&1 | FileCheck %s --check-prefix=REDUCE

\! kernel k
\! const CASE 0
\! tmap A f32[N,N] box 8,8
\! tmap H bf16[N,N] box 8,8
\! param N i32
\! param X f32[64]
\! shared BAR i64[2]
\! shared T f32[64] align 128
CASE 0 = IF
  N TMA-STORE-WAIT
\ CHECK: hopper-async-errors.forth:[[@LINE-1]]:5: error: 'TMA-STORE-WAIT' needs a count from 0 to 255 known when compiling (a literal, a constant or an UNROLL index)
THEN
CASE 1 = IF
  16 64 BAR-SYNC-N
\ ONE: hopper-async-errors.forth:[[@LINE-1]]:9: error: 'BAR-SYNC-N' takes a barrier id from 0 to 15, not 16
  1 48 BAR-ARRIVE-N
\ ONE: hopper-async-errors.forth:[[@LINE-1]]:8: error: 'BAR-ARRIVE-N' takes a thread count that is a multiple of 32 from 32 to 1024, not 48
THEN
CASE 2 = IF
  0 BAR MBAR-INIT
\ TWO: hopper-async-errors.forth:[[@LINE-1]]:9: error: 'MBAR-INIT' takes an arrival count from 1 to 1048575, not 0
THEN
CASE 3 = IF
  0 0 BAR T X TMA-LOAD-2D
\ THREE: hopper-async-errors.forth:[[@LINE-1]]:15: error: 'TMA-LOAD-2D' takes a tensor map (a '\! tmap' param) as its last operand, but it is in the array param 'X'
  0 0 T BAR TMA-STORE-2D
\ THREE: hopper-async-errors.forth:[[@LINE-1]]:13: error: 'TMA-STORE-2D' takes a tensor map (a '\! tmap' param) as its last operand, but it is a shared memory address
THEN
CASE 4 = IF
  1 X MBAR-INIT
\ FOUR: hopper-async-errors.forth:[[@LINE-1]]:7: error: 'MBAR-INIT' takes shared memory addresses but its mbarrier address is in the array param 'X' (global memory)
  0 0 BAR X A TMA-LOAD-2D
\ FOUR: hopper-async-errors.forth:[[@LINE-1]]:15: error: 'TMA-LOAD-2D' takes shared memory addresses but its shared tile address is in the array param 'X' (global memory)
THEN
CASE 5 = IF
  1 BAR MBAR-INIT 128 BAR MBAR-ARRIVE-TX
\ OLD: hopper-async-errors.forth:[[@LINE-1]]:27: error: 'MBAR-ARRIVE-TX' needs --arch sm_90 or newer, not sm_80
THEN
CASE 6 = IF
  0 0 BAR T A TMA-LOAD-2D
\ OLDTMA: hopper-async-errors.forth:[[@LINE-1]]:15: error: 'TMA-LOAD-2D' needs --arch sm_90 or newer, not sm_80
THEN
CASE 7 = IF
  1 BAR MBAR-INIT BAR MBAR-ARRIVE 1 64 BAR-SYNC-N 1 64 BAR-ARRIVE-N
THEN
CASE 8 = IF
  0 0 T H TMA-REDUCE-ADD-2D
\ REDUCE: hopper-async-errors.forth:[[@LINE-1]]:11: error: 'TMA-REDUCE-ADD-2D' adds f32 or i32 elements, but tensor map 'H' holds bf16
  0 0 T  N 0> IF A ELSE H THEN  TMA-REDUCE-ADD-2D
\ REDUCE: hopper-async-errors.forth:[[@LINE-1]]:33: error: 'TMA-REDUCE-ADD-2D' takes a tensor map (a '\! tmap' param) as its last operand, but it may be one of several maps
  0 0 X A TMA-REDUCE-ADD-2D
\ REDUCE: hopper-async-errors.forth:[[@LINE-1]]:11: error: 'TMA-REDUCE-ADD-2D' takes shared memory addresses but its shared tile address is in the array param 'X' (global memory)
THEN
