\ C = A @ B in bf16 (f32 accumulation) on Hopper: the tensor copy engine
\ (TMA) fills a STAGES-deep ring of shared-memory tiles, one producer
\ warpgroup issues the copies, two consumer warpgroups run wgmma on them
\ (warp specialization; FlashAttention-3 and CUTLASS's sm90 GEMMs are built
\ the same way).
\   A: M x K row-major (K-major for wgmma), B: K x N row-major (N-major:
\   tnsp-b 1), C: M x N row-major. K a multiple of 8 and N a multiple of 8
\   (TMA rows are 16-byte multiples); any M, N, K otherwise: TMA fills the
\   tiles past the edges with zeros and the epilogue stores only what is in.
\ Block: 384 threads = warpgroups 0 and 1 (consumers, 64 rows of the
\ 128 x BN tile each) and 2 (producer: one thread issues the copies).
\ Grid: ceil(M / 128) * ceil(N / BN) blocks in x, taken in groups of
\ GROUP row tiles: the blocks of one wave then share A's and B's tiles in
\ L2 instead of streaming all of B once per row of tiles.
\! kernel gemm_bf16_sm90
\! const BN 256                      \ tile columns: 64, 128, 192 or 256
\! const STAGES 3                    \ shared-memory ring depth
\! const GROUP 8                     \ row tiles per group of blocks
\! param M i32
\! param N i32
\! param K i32
\! tmap A bf16[M,K] box 128,64 swizzle 128
\! tmap B bf16[K,N] box 64,64 swizzle 128
\! param C bf16[M*N]
\! launch-bounds 384 1
\! shared FULL i64[STAGES]           \ a stage's tiles have landed
\! shared EMPTY i64[STAGES]          \ both consumers are done with a stage
\! shared AS bf16[STAGES*128*64] align 1024   \ 16 KiB a stage
\! shared BS bf16[STAGES*64*BN] align 1024    \ BN/64 boxes of 8 KiB a stage
\! reg ACC f32[BN/2]                 \ m64nBNk16: D[64][BN] of a warpgroup
\! const ABYTES 16384
\! const BBYTES 128*BN

: stage ( kt -- s ) STAGES MOD ;
: parity ( kt -- ph ) STAGES / 1 AND ;
: full ( s -- mbar ) CELLS FULL + ;
: empty ( s -- mbar ) CELLS EMPTY + ;
: kt-count ( -- n ) K 63 + 64 / ;

TID-X 0= IF
  STAGES 0 DO  1 I full MBAR-INIT  2 I empty MBAR-INIT  LOOP
  FENCE-MBAR-INIT
THEN
BARRIER
\ Block L of group g = L / (GROUP * tiles-n) covers row tile
\ g * GROUP + L mod gsize and column tile (L mod (GROUP * tiles-n)) / gsize.
N BN 1- + BN / { tiles-n }  M 127 + 128 / { tiles-m }
GROUP tiles-n * { per }
BID-X per / GROUP * { first }
tiles-m first - GROUP MIN { gsize }
BID-X per MOD { within }
first within gsize MOD + 128 * { m0 }
within gsize / BN * { n0 }
TID-X 128 / { wg }

wg 2 = IF
  \ Producer: one thread, waiting for a free stage, then one A box
  \ (128 x 64) and BN/64 B boxes (64 x 64) onto its FULL barrier.
  40 SETMAXNREG-DEC
  TID-X 256 = IF
    kt-count 0 DO
      I stage { s }
      I parity 1 XOR  s empty MBAR-WAIT
      ABYTES BBYTES +  s full MBAR-ARRIVE-TX
      m0  I 64 *  s full  s ABYTES * AS +  A TMA-LOAD-2D
      BN 64 / 0 DO
        J 64 *  n0 I 64 * +  s full  s BBYTES * I 8192 * + BS +  B TMA-LOAD-2D
      LOOP
    LOOP
  THEN
ELSE
  \ Consumers: four k16 steps of wgmma a stage; one stage's group stays in
  \ flight while the next is issued, and the stage before it is released.
  232 SETMAXNREG-INC
  kt-count 0 DO
    I stage { s }
    I parity  s full MBAR-WAIT
    WGMMA-FENCE
    4 0 UNROLL DO
      \ A: this warpgroup's 64 rows of 128 bytes, k16 = 32 bytes on.
      s ABYTES * AS +  wg 8192 * +  I 32 * +  16 1024 128 WGMMA-DESC
      \ B: k16 = 16 rows of 128 bytes on; 64-column boxes 8 KiB apart.
      s BBYTES * BS +  I 2048 * +  8192 1024 128 WGMMA-DESC
      J I OR 0<>  0 1 WGMMA-BF16 ACC
    LOOP
    WGMMA-COMMIT
    1 WGMMA-WAIT
    I 0> TID-X 127 AND 0= AND IF  I 1- stage empty MBAR-ARRIVE  THEN
  LOOP
  0 WGMMA-WAIT
  TID-X 127 AND 0= IF  kt-count 1- stage empty MBAR-ARRIVE  THEN
  \ Epilogue: thread (warp w, lane 4g+q) holds rows 16w+g and +8, columns
  \ 8j+2q and +1: two bf16 (one 4-byte store) per row and j.
  m0 wg 64 * +  TID-X 127 AND 32 / 16 * +  LANE-ID 4 / + { row0 }
  n0 LANE-ID 4 MOD 2* + { col0 }
  BN 8 / 0 UNROLL DO
    2 0 UNROLL DO
      row0 I 8 * + { row }  col0 J 8 * + { col }
      row M < col N < AND IF
        J 4 * I 2* + { e }
        e ACC@  e 1+ ACC@  F>BF16X2
        row N * col + 2* C +  I32!
      THEN
    LOOP
  LOOP
THEN
