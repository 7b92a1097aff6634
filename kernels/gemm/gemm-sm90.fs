\ The body of the Hopper GEMM (gemm_sm90.forth gives the header: the
\ element type of A, B and C, F16, the tiles).
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
BID-X per MOD { in-group }
first in-group gsize MOD + 128 * { m0 }
in-group gsize / BN * { n0 }
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
      J I OR 0<>  0 1  F16 IF WGMMA-F16 ACC ELSE WGMMA-BF16 ACC THEN
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
        e ACC@  e 1+ ACC@  F16 IF F>F16X2 ELSE F>BF16X2 THEN
        row N * col + 2* C +  I32!
      THEN
    LOOP
  LOOP
THEN
