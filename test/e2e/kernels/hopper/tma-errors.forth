\ What the GPU refuses (or leaves undefined) the CPU backend reports: a TMA
\ tile not aligned as its map needs (128 bytes; a swizzled one a whole
\ period of the pattern: 1024 bytes for 128), a tensor whose rows are not
\ a multiple of 16 bytes (cuTensorMapEncodeTiled's rule, also checked
\ before a GPU launch), a word of the wrong rank for its map, an mbarrier
\ no MBAR-INIT set up. MODE 0 is the correct kernel. The cases the GPU
\ would fault on or hang in run on the CPU only; the stride check is the
\ runtime's, before a launch on either device.
\! kernel tma_errors
\! const MODE 0
\! const SW 128
\! tmap A f32[M,K] box 8,32 swizzle SW
\! param M i32
\! param K i32
\! param OUT f32[256]
\! shared BAR i64[2]
\! shared T f32[512] align 1024
TID-X 0= IF
  MODE 4 <> IF 1 BAR MBAR-INIT THEN
  1024 BAR MBAR-ARRIVE-TX
  MODE 1 = IF 0 0 BAR T 512 + A TMA-LOAD-2D THEN
  MODE 2 = IF 0 0 BAR T 64 + A TMA-LOAD-2D THEN
  MODE 3 = IF 0 0 0 BAR T A TMA-LOAD-3D THEN
  MODE 0 = MODE 4 = OR MODE 5 = OR IF 0 0 BAR T A TMA-LOAD-2D THEN
THEN
BARRIER
0 BAR MBAR-WAIT
256 0 DO  I TID-X + 4 * { o }  o T + SF32@  o OUT + F32!  32 +LOOP
\ E2E: --arch sm_90 --block 32 --param A=ones --param M=8 --param K=32 --param OUT=zeros --output-param OUT --output-count 4
\ EXPECT: 1,1,1,1
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --block 32 --param A=ones --param M=8 --param K=32 --param OUT=zeros -D MODE=1
\ EXPECT-STDERR: kernel 'tma_errors'
\ EXPECT-STDERR: 'TMA-LOAD-2D', 
\ EXPECT-STDERR: the shared tile at byte offset 1536 of 'TMA-LOAD-2D'
\ EXPECT-STDERR: (tensor map 'A') is not 1024-byte aligned (a 128-byte swizzled tile starts a whole period of the pattern; '\! shared ... align 1024') (thread (0,0,0) of block (0,0,0))
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --block 32 --param A=ones --param M=8 --param K=32 --param OUT=zeros -D MODE=2 -D SW=0
\ EXPECT-STDERR: is not 128-byte aligned (cp.async.bulk.tensor needs 128; '\! shared ... align 128')
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --block 32 --param A=ones --param M=8 --param K=32 --param OUT=zeros -D MODE=3
\ EXPECT-STDERR: tensor map 'A' has 2 dimensions, not 3
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --block 32 --param A=ones --param M=8 --param K=32 --param OUT=zeros -D MODE=4
\ EXPECT-STDERR: the mbarrier at shared byte offset 0 was never set up by MBAR-INIT
\ E2E-ERROR: --arch sm_90 --block 32 --param A=ones --param M=8 --param K=6 --param OUT=zeros -D MODE=5 -D SW=0
\ EXPECT-STDERR: kernel 'tma_errors' (grid 1,1,1 block 32,1,1): tensor map 'A': a row of dimension 1 (outermost first) is 24 bytes; TMA needs every stride to be a multiple of 16 bytes (pad the inner dimension)
