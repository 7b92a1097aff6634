\ WARP-SYNC orders the lanes of a warp (CUDA's __syncwarp): each thread
\ writes its cell of S, then reads the cell lane 31 - l of its own warp
\ wrote. Without the WARP-SYNC (-D SYNC=0) the lanes race (they are not
\ ordered by program order: a GPU lane may read before the other wrote),
\ which the CPU sanitizer reports (here as a read of bytes not yet
\ written: the CPU ran lane 0 first); with it the run is clean on both
\ backends. -D HALF=1 runs WARP-SYNC in half of the warp only: it orders
\ the lanes that reach it (the GPU's bar.warp.sync takes the active
\ lanes), so lanes 16..31 still race with 0..15.
\ Expected (block 64): OUT[t] = 7 (32 w + 31 - l).
\! kernel warp_sync_exchange
\! const SYNC 1
\! const HALF 0
\! const PART 0
\! param OUT i64[64]
\! shared S i64[64]
TID-X 7 *  TID-X CELLS S +  S!
HALF IF
  LANE-ID 16 < IF WARP-SYNC THEN
ELSE
  SYNC IF WARP-SYNC THEN
THEN
WARP-ID 32 *  LANE-ID  PART WARP-ID 1 = AND IF 15 ELSE 31 THEN XOR  +
CELLS S +  S@  TID-X CELLS OUT + !
\ E2E: --arch sm_80 --block 64 --param OUT=zeros --output-param OUT --output-count 4
\ EXPECT: 217,210,203,196
\ A partial last warp (block 48: warp 1 has lanes 0..15) syncs the lanes it
\ has; its lanes read only their own half (-D PART: lane l reads lane
\ 15 - l), so OUT[32 + l] = 7 (47 - l).
\ E2E: --arch sm_80 -D PART=1 --block 48 --param OUT=zeros --output-param OUT --output-count 36
\ EXPECT: 217,210,203,196,189,182,175,168,161,154,147,140,133,126,119,112,105,98,91,84,77,70,63,56,49,42,35,28,21,14,7,0,329,322,315,308
\ ONLY: cpu
\ E2E: --sanitize --block 64 --param OUT=zeros --output-param OUT --output-count 4
\ EXPECT: 217,210,203,196
\ ONLY: cpu
\ E2E-ERROR: --sanitize -D SYNC=0 --block 64 --param OUT=zeros
\ EXPECT-STDERR: sanitizer: uninitialized read of shared memory
\ EXPECT-STDERR: warp-sync.forth:24:12 'S@'
\ ONLY: cpu
\ E2E-ERROR: --sanitize -D HALF=1 --block 64 --param OUT=zeros
\ EXPECT-STDERR: sanitizer: race (read after write) on shared memory
\ EXPECT-STDERR: thread (15,0,0) (linear 15) wrote at
\ EXPECT-STDERR: thread (16,0,0) (linear 16) read at
