\ FlashAttention-2 forward in f32 on tensor cores: every product goes
\ through MMA-3XTF32 (three TF32 mma.sync per 16x8x8 block, with each
\ operand split into a TF32 "big" and "small" part), which keeps f32
\ accuracy, as PyTorch's f32 SDPA does on the same hardware.
\
\ The f32 kernel of warpforth.ops.flash_attention. Q and O (BATCH, HQ, NQ,
\ HEAD_DIM), K and V (BATCH, HKV, NKV, HEAD_DIM), LSE (BATCH, HQ, NQ): the
\ natural-log log-sum-exp of each query row's scaled scores. Grid
\ (ceil(NQ/BR), HQ, BATCH), block NTHREADS = 32*WARPS threads; query head h
\ reads K/V head h/(HQ/HKV); with CAUSAL, query row i sees keys
\ j <= i + NKV - NQ, and a row that sees none gets O 0 and LSE -inf
\ (flash-grid.fs). HEAD_DIM: a multiple of 8 whose tiles below divide
\ evenly (64, 96 and 128 are checked). The shared tiles (over 48 KiB at the
\ usual shapes) need nothing from the launch: the runtime sizes them.
\
\ Each warp owns 16 query rows (BR = 16*WARPS). Lane = 4*g + t holds, in
\ the MMA fragment layout, rows g and g+8 of its warp's rows:
\  - SC: scores for the tile's BC keys, four per 8 keys: (g, 2t) (g, 2t+1)
\    (g+8, 2t) (g+8, 2t+1);
\  - OC: the output accumulator, four per 8 columns, the same way.
\ The block's Q rows (scaled by SCALE*log2(e), so that scores are in
\ log2 units for FEXP2) stay in shared memory; per tile of BC keys the block
\ stages K and V there too, split once into TF32 big and small parts (so
\ that the block's warps do not each split every element again), rows
\ padded to HEAD_DIM+4 floats so that every fragment load below hits 32
\ different banks. With ASYNC 1 the raw K and V of the next tile are
\ already on their way meanwhile: asynchronous copies (CP-ASYNC) into a
\ raw buffer, started right after a tile is staged, land while the tile is
\ computed (on an H100: 2-5% faster at d128 with one block per SM, 2%
\ slower at d64, where three blocks per SM hide the loads anyway).
\ S = Q K^T comes from MMAs with K rows as B; the online softmax works on
\ the score fragments (row max over the thread's scores, then the four
\ lanes of a row with shuffles; the row sum stays per lane until the end).
\ O = alpha O + P V takes P straight from the score fragments: the PV
\ product's k index runs over each 8 keys in the order 0 2 4 6 1 3 5 7,
\ which is how the score fragment holds them, and V's rows are read in
\ that same order. No data moves between lanes for P.
\
\ The tile shape: WARPS, BC, MIN_BLOCKS and ASYNC below. Their defaults,
\ by head dimension, are the fastest found on an H100 (bench_flash.py) at
\ d64 and d128; d96 takes d128's, untimed;
\ -D overrides any of them, and the hosts (warpforth-flash, bench_flash.py)
\ read BR and NTHREADS back from the kernel's signature.
\! kernel flash_attention_f32
\! float f32
\! const HEAD_DIM 64
\! const CAUSAL 1
\! const LOCAL 0                   \ a sliding window: WL, WR (flash-grid.fs)
\! const SOFTCAP 0                 \ scores CAP tanh(s SCALE / CAP) (flash-grid.fs)
\! const VARLEN 0                  \ packed sequences: CU_Q, CU_K (flash-grid.fs)
\! const PAGED 0                   \ (no paged cache here; flash-grid.fs set-seq reads it)
\ 1 when HEAD_DIM <= 64, else 0 (constants have no conditionals).
\! const D64 128/(HEAD_DIM+64)
\! const WARPS 4*D64+8*(1-D64)   \ 4 at d64, 8 at d96 and d128
\! const BC 32
\! const BR 16*WARPS
\! const NTHREADS 32*WARPS
\ Blocks per SM that ptxas must leave registers for: 3 at d64 with 4 warps
\ (about 160 registers, no spills), else 1 (at d96 and d128 with 8 warps
\ ptxas takes 210 to 240 registers: one block per SM). FOUR_WARPS is 1
\ when WARPS is 4, else 0.
\! const FOUR_WARPS (4/WARPS)*(WARPS/4)
\! const MIN_BLOCKS 1+2*D64*FOUR_WARPS
\! launch-bounds NTHREADS MIN_BLOCKS
\! const STRIDE HEAD_DIM+4
\! const DT HEAD_DIM/8        \ 8-column slices of the head dimension
\! const KT BC/8              \ 8-key slices of a tile
\ Q rows, then K and V tiles, each as big parts then small parts, then the
\ raw K and V of the next tile.
\! const RAW (BR+4*BC)*STRIDE
\! const ASYNC 1-D64             \ cp.async prefetch above d64
\! const SHARED_FLOATS RAW+ASYNC*2*BC*HEAD_DIM
\! const STAGED BC*HEAD_DIM/4/NTHREADS  \ float4s of K (and of V) per thread
\! const PART 4*BC*STRIDE      \ bytes from a tile's big parts to its small
\! param Q f32[(BATCH-VARLEN*(BATCH-1))*HQ*NQ*HEAD_DIM]
\! param K f32[(BATCH-VARLEN*(BATCH-1))*HKV*NKV*HEAD_DIM]
\! param V f32[(BATCH-VARLEN*(BATCH-1))*HKV*NKV*HEAD_DIM]
\! param O f32[(BATCH-VARLEN*(BATCH-1))*HQ*NQ*HEAD_DIM]
\! param LSE f32[(BATCH-VARLEN*(BATCH-1))*HQ*NQ]
\! param NQ i64
\! param NKV i64
\! param HQ i64
\! param HKV i64
\! param BATCH i64
\! param SCALE f32
\! param WL i64                     \ LOCAL's window: keys before and after the diagonal
\! param WR i64
\! param CAP f32
\! param CU_Q i32[VARLEN*BATCH+1]      \ VARLEN's sequences: first rows in Q and K (flash-grid.fs)
\! param CU_K i32[VARLEN*BATCH+1]
\! shared SM f32[SHARED_FLOATS]
\! reg SEQ i64[5]                  \ VARLEN: this sequence's q-off len-q kv-off len-kv index (flash-grid.fs)
\! reg SC f32[BC/2]
\! reg OC f32[HEAD_DIM/2]

INCLUDE flash-mods.fs
INCLUDE flash-grid.fs
: qs ( row d -- addr )  SWAP STRIDE * + FLOATS SM + ;
: ks ( key d -- addr )  SWAP STRIDE * + BR STRIDE * + FLOATS SM + ;
: vs ( key d -- addr )  SWAP STRIDE * + BR 2 BC * + STRIDE * + FLOATS SM + ;
\ Four floats into a tile: big parts at addr, small parts PART on.
: split4! { x0 x1 x2 x3 addr -- }
  x0 TF32-SPLIT { b0 s0 }  x1 TF32-SPLIT { b1 s1 }
  x2 TF32-SPLIT { b2 s2 }  x3 TF32-SPLIT { b3 s3 }
  b0 b1 b2 b3 addr 4SF!  s0 s1 s2 s3 addr PART + 4SF! ;
\ Float e of the raw K tile (V follows it).
: raw ( e -- addr )  RAW + FLOATS SM + ;
\ Start copying the K and V tile at key k0 into the raw buffer: each
\ thread its own float4s, which only it reads back.
: prefetch ( k0 base -- )
  { k0 base }
  STAGED 0 UNROLL DO
    TID-X I NTHREADS * + 4 * { e }
    base k0 e HEAD_DIM / + kv-in-bounds HEAD_DIM * + e HEAD_DIM MOD + FLOATS
    { src }
    K src +  e raw CP-ASYNC
    V src +  e BC HEAD_DIM * + raw CP-ASYNC
  LOOP
  CP-ASYNC-COMMIT ;
\ B fragment parts from a tile: rows at a0 and a1.
: bparts ( a0 a1 -- y0 y1 r0 r1 )
  { a0 a1 } a0 SF@ a1 SF@ a0 PART + SF@ a1 PART + SF@ ;
\ A fragment of Q: rows r, r+8 and columns c, c+4.
: qfrag ( r c -- a0 a1 a2 a3 )
  { r c } r c qs SF@  r 8 + c qs SF@  r c 4 + qs SF@  r 8 + c 4 + qs SF@ ;
\ Four register-array entries from index n on, and back.
: sc4@ ( n -- x0 x1 x2 x3 )  { n } n SC@ n 1+ SC@ n 2 + SC@ n 3 + SC@ ;
: sc4! ( x0 x1 x2 x3 n -- )  { n } n 3 + SC! n 2 + SC! n 1+ SC! n SC! ;

\ VARLEN: the block's sequence is BID-Z (flash-grid.fs); the grid's tiles
\ are the longest sequence's, a shorter one's blocks past its rows leave.
BID-Z set-seq
VARLEN IF BID-X len-q BR tiles >= IF EXIT THEN THEN
q-head { qrow }                   \ this query head's first row
qrow HEAD_DIM * { qbase }
kv-head HEAD_DIM * { base }       \ its K/V head's first float
query-tile BR * { q0 }
\ Causal: the last key that this warp's first row sees (the row is
\ qd - diagonal; only qd stays live through the loop).
q0 WARP-ID 16 * + diagonal + { qd }
LANE-ID 4 / { g }
LANE-ID 4 MOD { t }
\ Q's scale: SCALE*log2(e), so that scores come in log2 units; with
\ SOFTCAP SCALE/CAP, tanh's argument (CAP*log2(e) follows the tanh).
SOFTCAP IF softcap-pre ELSE score-scale2 THEN { qscale }

\ The block's Q rows, scaled, into shared memory (rows past the end read
\ the last row; their results are never stored). The first BARRIER of the
\ loop below publishes them.
BR HEAD_DIM * 4 / NTHREADS / 0 UNROLL DO
  TID-X I NTHREADS * + 4 * { e }
  e HEAD_DIM / { r }  e HEAD_DIM MOD { d }
  Q qbase q0 r + q-in-bounds HEAD_DIM * + d + FLOATS + 4F@ { x0 x1 x2 x3 }
  x0 qscale F*  x1 qscale F*  x2 qscale F*  x3 qscale F*  r d qs 4SF!
LOOP
HEAD_DIM 2 / 0 UNROLL DO 0.0 I OC! LOOP
MASKED { m0 }  MASKED { m1 }    \ running max of rows g and g+8 (log2 units)
0.0 { l0 }  0.0 { l1 }          \ this lane's part of their running sums

q0 key-tiles { ktiles }             \ 0 when no row of the block sees a key
q0 first-tile BC * { kfirst }
ASYNC IF ktiles 0> IF kfirst base prefetch THEN THEN
ktiles 0 ?DO
  I BC * kfirst + { k0 }
  BARRIER
  ASYNC IF 0 CP-ASYNC-WAIT THEN   \ this thread's copies of the tile are in
  STAGED 0 UNROLL DO
    TID-X I NTHREADS * + 4 * { e }
    e HEAD_DIM / { key }  e HEAD_DIM MOD { d }
    ASYNC IF
      e raw 4SF@  key d ks split4!
      e BC HEAD_DIM * + raw 4SF@  key d vs split4!
    ELSE
      base k0 key + kv-in-bounds HEAD_DIM * + d + FLOATS { src }
      K src + 4F@  key d ks split4!
      V src + 4F@  key d vs split4!
    THEN
  LOOP
  BARRIER
  \ Everyone has read the raw buffer: fill it with the next tile.
  ASYNC IF I 1+ ktiles < IF k0 BC + base prefetch THEN THEN

  \ S = Q K^T: B[k][n] = K[key n][column k].
  BC 2 / 0 UNROLL DO 0.0 I SC! LOOP
  \ Column slice outermost: the split of one Q fragment is live at a time.
  DT 0 UNROLL DO I { kd }
    WARP-ID 16 * g + kd 8 * t + qfrag
    TF32-SPLIT { x3 s3 }  TF32-SPLIT { x2 s2 }
    TF32-SPLIT { x1 s1 }  TF32-SPLIT { x0 s0 }
    KT 0 UNROLL DO
      x0 x1 x2 x3 s0 s1 s2 s3
      I 8 * g + kd 8 * t + ks  I 8 * g + kd 8 * t + 4 + ks bparts
      I 4 * sc4@ MMA-3XTF32-PARTS I 4 * sc4!
    LOOP
  LOOP

  \ SOFTCAP: the accurate tanh (f32 results), then to log2 units.
  SOFTCAP IF
    score-scale2 { capl2 }
    BC 2 / 0 UNROLL DO  I SC@ FTANH capl2 F* I SC!  LOOP
  THEN
  \ Mask keys past the end and, when causal, keys after the row's
  \ diagonal; only tiles that reach past either need it. A window's
  \ masks (LOCAL) test each key against both ends of its row's range.
  LOCAL IF
    k0  qd diagonal -  DUP 15 + tile-masked IF
      KT 0 UNROLL DO
        4 0 UNROLL DO
          k0 t 2* + J 8 * + I 2 MOD +  qd diagonal - g + I 2 / 8 * +
          key-masked IF  masked-score J 4 * I + SC!  THEN
        LOOP
      LOOP
    THEN
  ELSE k0 BC + len-kv >  CAUSAL 0<> k0 BC + 1- qd > AND  OR IF
    \ Score (J, I) is key c0 + dc of the row whose diagonal ends at key
    \ qd + g + dr, with dc and dr constants: comparing two per-lane values
    \ with them keeps few registers live.
    k0 t 2* + { c0 }
    c0 len-kv - { past }           \ key c0 + dc is past the end: past >= -dc
    c0 qd - g - { above }       \ after the row's diagonal: above > dr - dc
    KT 0 UNROLL DO
      4 0 UNROLL DO
        J 8 * I 2 MOD + { dc }
        I 2 / 8 * { dr }
        past dc NEGATE >=  CAUSAL 0<> above dr dc - > AND  OR IF
          MASKED J 4 * I + SC!
        THEN
      LOOP
    LOOP
  THEN THEN

  \ Online softmax on the fragments.
  m0 KT 0 UNROLL DO I 4 * SC@ FMAX I 4 * 1+ SC@ FMAX LOOP quad-max { n0 }
  m1 KT 0 UNROLL DO I 4 * 2 + SC@ FMAX I 4 * 3 + SC@ FMAX LOOP quad-max { n1 }
  m0 n0 F- FEXP2 { a0 }  m1 n1 F- FEXP2 { a1 }
  n0 TO m0  n1 TO m1
  l0 a0 F* TO l0  l1 a1 F* TO l1
  KT 0 UNROLL DO
    I 4 * SC@ m0 F- FEXP2  DUP I 4 * SC!  l0 F+ TO l0
    I 4 * 1+ SC@ m0 F- FEXP2  DUP I 4 * 1+ SC!  l0 F+ TO l0
    I 4 * 2 + SC@ m1 F- FEXP2  DUP I 4 * 2 + SC!  l1 F+ TO l1
    I 4 * 3 + SC@ m1 F- FEXP2  DUP I 4 * 3 + SC!  l1 F+ TO l1
  LOOP

  \ O = alpha O + P V, keys of each 8 in the order 0 2 4 6 1 3 5 7: the A
  \ fragment (g, t) (g+8, t) (g, t+4) (g+8, t+4) is the score fragment's
  \ (g, 2t) (g+8, 2t) (g, 2t+1) (g+8, 2t+1), and B's row t is key 2t, row
  \ t+4 key 2t+1. Each 8 output columns get this tile's P V in a fresh
  \ accumulator, added to O with one rounding: the tensor core truncates
  \ its sums, which over a whole row of 4096 keys drifted by 3e-5.
  DT 0 UNROLL DO I { dn }
    0.0 0.0 0.0 0.0
    KT 0 UNROLL DO
      { c0 c1 c2 c3 }
      I 4 * SC@ TF32-SPLIT  I 4 * 2 + SC@ TF32-SPLIT
      I 4 * 1+ SC@ TF32-SPLIT  I 4 * 3 + SC@ TF32-SPLIT
      { x0 s0 x1 s1 x2 s2 x3 s3 }  x0 x1 x2 x3 s0 s1 s2 s3
      I 8 * t 2* + dn 8 * g + vs  I 8 * t 2* + 1+ dn 8 * g + vs bparts
      c0 c1 c2 c3 MMA-3XTF32-PARTS
    LOOP
    { p0 p1 p2 p3 }
    dn 4 * { oi }
    oi OC@ a0 F* p0 F+ oi OC!  oi 1+ OC@ a0 F* p1 F+ oi 1+ OC!
    oi 2 + OC@ a1 F* p2 F+ oi 2 + OC!  oi 3 + OC@ a1 F* p3 F+ oi 3 + OC!
  LOOP
LOOP

\ Finish the row sums over the four lanes of each row; store rows g, g+8
\ and (lanes t = 0 and 1) their LSE. A row that sees no key: O 0, LSE -inf.
l0 quad-sum { s0 }  l1 quad-sum { s1 }
qd diagonal - g + { row0 }
m0 s0 row0 finish { inv0 lse0 }
m1 s1 row0 8 + finish { inv1 lse1 }
row0 len-q < IF
  DT 0 UNROLL DO
    I 4 * OC@ inv0 F*  I 4 * 1+ OC@ inv0 F*
    O qbase row0 HEAD_DIM * + I 8 * + t 2* + FLOATS + 2F!
  LOOP
  t 0= IF lse0 LSE qrow row0 + FLOATS + F! THEN
THEN
row0 8 + len-q < IF
  DT 0 UNROLL DO
    I 4 * 2 + OC@ inv1 F*  I 4 * 3 + OC@ inv1 F*
    O qbase row0 8 + HEAD_DIM * + I 8 * + t 2* + FLOATS + 2F!
  LOOP
  t 1 = IF lse1 LSE qrow row0 8 + + FLOATS + F! THEN
THEN
