\ Warp specialization's register moves (SETMAXNREG-DEC, SETMAXNREG-INC): a
\ 384-thread block with launch bounds for one block an SM starts with
\ 65536/384 = 170, so 168, registers a thread; warpgroup 2 (the producer)
\ lowers its to PREGS, freeing (168 - PREGS) x 128, and warpgroups 0 and 1
\ raise theirs to 240, taking (240 - 168) x 256 = 18432. With PREGS 24
\ that is exactly what was freed; then thread 128w writes w + 1 to OUT[w].
\ Expected: 1,2,3. BUG=1 sets PREGS 32: 17408 freed, and the GPU's
\ setmaxnreg.inc waits forever (the Hopper attention kernels hung so,
\ twice); the CPU backend reports the deadlock (CPU only): seven of the
\ eight consumer warps get their 72 x 32 = 2304, leaving 1280 of 17408.
\! kernel setmaxnreg
\! const BUG 0
\! const PREGS 24+8*BUG
\! launch-bounds 384 1
\! param OUT i64[3]
TID-X 128 / { wg }
wg 2 = IF  PREGS SETMAXNREG-DEC  ELSE  240 SETMAXNREG-INC  THEN
TID-X 127 AND 0= IF  wg 1+  wg CELLS OUT + !  THEN
\ E2E: --arch sm_90 --block 384 --param OUT=zeros --output-param OUT
\ EXPECT: 1,2,3
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --block 384 --param OUT=zeros --output-param OUT -D BUG=1
\ EXPECT-STDERR: deadlock: no thread of block (0,0,0) can go on
\ EXPECT-STDERR: 32 threads, the first (thread (224,0,0) of block (0,0,0)) at 'SETMAXNREG-INC', 
\ EXPECT-STDERR: for 240 registers a thread (its warp has 168; its block's pool holds 1280 freed
