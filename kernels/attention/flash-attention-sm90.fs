\ FlashAttention forward on Hopper (sm_90a), INCLUDEd by
\ flash_attention_sm90_bf16.forth and flash_attention_sm90_f16.forth, which
\ declare the header (Q, K, V as tensor maps (BATCH, H, N, HEAD_DIM) with
\ strides, boxes of BR (Q) or BC (K, V) rows x 64 features, swizzle 128;
\ O with the strides O_SB, O_SH, O_SN), the
\ register arrays SACC (f32[BC/2]: S = Q K^T of a warpgroup's 64 rows,
\ m64nBC), OACC (f32[HEAD_DIM/2]: O, m64nHEAD_DIM), P (i32[BC/4]: P as
\ 16-bit pairs), AL and ML (per-row factors, maxima and sums), the
\ constants OVERLAP, PINGPONG, NCWG, KVS, CREGS (below) and the words
\   S-MMA ( desc-q desc-k scale-d -- )   WGMMA of Q K^T into SACC
\   PV-MMA ( a0 a1 a2 a3 desc-v -- )     WGMMA of P V into OACC, P from
\                                        registers (the RS form)
\   PACK ( x0 x1 -- pair )
\ flash-grid.fs has the grid, the heads and the causal rule.
\
\ The design is FlashAttention-3's. The last warpgroup (NCWG) is the
\ producer: one thread issues TMA copies of Q once and of K and V tiles
\ into KVS-stage rings, each stage guarded by a FULL and an EMPTY
\ mbarrier. Consumer warpgroups 0 .. NCWG-1 each own 64 of the block's
\ BR = 64 NCWG query rows and run, per tile of BC keys: S = Q K^T (wgmma,
\ both operands in shared memory), the online softmax in base 2 on S's
\ registers, P rounded to 16 bits and packed from S's registers into P,
\ wgmma's A fragments (the accumulator layout of 16 keys is the A layout),
\ O += P V (wgmma, P from registers, V N-major in shared memory).
\ With OVERLAP (FlashAttention-3's intra-warpgroup overlap) a consumer
\ issues S_j, scales O by the previous tile's factor, issues P_{j-1}
\ V_{j-1}, waits for S_j alone and runs its softmax while P_{j-1} V_{j-1}
\ is on the tensor cores, then waits for that and packs P_j. No register
\ of an in-flight wgmma is read or written meanwhile (S's while P V runs
\ are S_j's, already waited for; O is scaled before P V is issued; P is
\ packed after it finished), so ptxas keeps the products asynchronous (no
\ C7514 warning: a WARPGROUP.DEPBAR only at the two waits). With PINGPONG
\ the consumers take turns at issuing (named barriers 1 .. NCWG), so one's
\ softmax runs while the others' products do.
\ On an H100 (bench/ops_attention.py --sm90-variants, B4 H16 N4096, bf16
\ TFLOP/s, same process and tensors; cuDNN 567/667/407/480):
\   schedule                 d128 causal  d128 full  d64 causal  d64 full
\   one tile at a time           489         569        341        419
\   OVERLAP                      476         565        325        373
\   OVERLAP PINGPONG             528         630        348        449
\   ... KVS 3                    523         625        352        436
\   ... NCWG 3 (192 rows)         -           -         370        495
\   ... NCWG 1, 2 blocks/SM      -           -         390        462
\   ... BC 176                   528         635         -          -
\ so the defaults are OVERLAP and PINGPONG, and at d64 the op takes one
\ consumer with two blocks an SM (MINB 2) for causal or short rows, three
\ for long full rows (ops/_attention.py); at d128 three consumers spill
\ (160 registers each) and two blocks do not fit shared memory.
\ Nsight Compute (d128 causal, default schedule): the shared pipe (tensor
\ dominated) busy 57.9% of the elapsed cycles, issue slots 35.7%; d64
\ causal NCWG 3: tensor 44.1%, issue 48.2%.
\ Thread 32w + 4g + t of a warpgroup holds rows 16w + g and 16w + g + 8:
\ SACC[4j + 2h + c] is the score of row 16w + g + 8h and key 8j + 2t + c,
\ OACC[4j + 2h + c] the output of that row and feature 8j + 2t + c.
\
\ Shared memory: Q (BR rows), KVS K and V stages (BC keys each), each
\ made of HEAD_DIM/64 panels of rows x 128 bytes (one TMA box),
\ 128-byte swizzled: the wgmma descriptors read them as they land.

INCLUDE flash-grid.fs
INCLUDE flash-lpt.fs

\ The mbarriers: Q full, then per stage s of the KVS-deep rings K full, V
\ full, K empty, V empty (the empties take two arrivals: one thread of
\ each consumer warpgroup).
: bar ( i -- addr )  CELLS BARS + ;
: kfull ( s -- addr )  1+ bar ;
: vfull ( s -- addr )  KVS + 1+ bar ;
: kempty ( s -- addr )  KVS 2* + 1+ bar ;
: vempty ( s -- addr )  KVS 3 * + 1+ bar ;
: tile-bytes ( -- n )  BC HEAD_DIM * 2* ;    \ a K or V tile, 16-bit
: panels ( -- n )  HEAD_DIM 64 / ;

\ `rows` rows from `row` on of batch `b`, head `h` of tensor map `map`
\ into the tile at `smem`, one 64-feature panel (rows x 128 bytes) a box,
\ completing on `mbar`.
: load-tile ( b h row mbar smem map rows -- )
  { b h row mbar smem map rows }
  rows HEAD_DIM * 2* mbar MBAR-ARRIVE-TX
  panels 0 DO  b h row I 64 *  mbar  smem I rows * 128 * +  map TMA-LOAD-4D  LOOP ;

\ The consumer's steps. Thread 32w + 4g + t of a warpgroup holds rows
\ r0 = 16w + g and r0 + 8 of its 64 (h = 0, 1).
: stage ( i -- s ph )  DUP KVS MOD SWAP KVS / 1 AND ;
\ Issue S = Q K^T of warpgroup wg's rows against stage s's keys:
\ HEAD_DIM/16 steps of k16 (32 bytes of a 128-byte row; four a panel).
: s-issue ( wg s -- )
  { wg s }
  WGMMA-FENCE
  HEAD_DIM 16 / 0 UNROLL DO
    QS  I 4 / BR * 128 * +  wg 8192 * +  I 4 MOD 32 * +  16 1024 128 WGMMA-DESC
    KS s tile-bytes * +  I 4 / BC * 128 * +  I 4 MOD 32 * +
    16 1024 128 WGMMA-DESC
    I 0<> S-MMA
  LOOP
  WGMMA-COMMIT ;
\ Issue O += P V with stage s's values, 16 keys a step: P's A fragments
\ from P, V N-major (16 keys = 16 rows of 128 bytes on; 64-feature panels
\ 16 KiB apart).
: pv-issue ( s -- )
  { s }
  WGMMA-FENCE
  BC 16 / 0 UNROLL DO
    I 4 * P@  I 4 * 1+ P@  I 4 * 2 + P@  I 4 * 3 + P@
    VS s tile-bytes * +  I 2048 * +  BC 128 * 1024 128 WGMMA-DESC
    PV-MMA
  LOOP
  WGMMA-COMMIT ;
\ Mask keys past the end and, when causal, after a row's diagonal; only
\ tiles that reach past either need it.
: mask-s ( k0 r0 -- )
  { k0 r0 }
  k0 BC + NKV >  CAUSAL 0<> k0 BC + 1- r0 diagonal + > AND  OR IF
    BC 8 / 0 UNROLL DO
      4 0 UNROLL DO
        k0 J 8 * + LANE-ID 4 MOD 2* + I 2 MOD + { col }
        r0 I 2 / 8 * + diagonal + { last }
        col NKV >=  CAUSAL 0<> col last > AND  OR IF
          MASKED J 4 * I + SACC!
        THEN
      LOOP
    LOOP
  THEN ;
\ Online softmax in base 2 on S's registers (exponentials in place): the
\ new running max and sum of each row, and in AL the factor that O must
\ be scaled by before this tile's P V is added.
: softmax-s ( scale2 -- )
  { scale2 }
  2 0 UNROLL DO I { h }
    h ML@ { m }
    m  BC 8 / 0 UNROLL DO  I 4 * h 2* + { n }  n SACC@ FMAX n 1+ SACC@ FMAX  LOOP
    quad-max scale2 F* m FMAX { mnew }
    m mnew F- FEXP2 DUP h AL!
    mnew h ML!
    h 2 + ML@ F*
    BC 8 / 0 UNROLL DO
      I 4 * h 2* + { n }
      n SACC@ scale2 F* mnew F- FEXP2  DUP n SACC!  F+
      n 1+ SACC@ scale2 F* mnew F- FEXP2  DUP n 1+ SACC!  F+
    LOOP
    h 2 + ML!
  LOOP ;
: rescale-o ( -- )
  2 0 UNROLL DO I { h }
    h AL@ { alpha }
    HEAD_DIM 8 / 0 UNROLL DO
      I 4 * h 2* + { n }
      n OACC@ alpha F* n OACC!  n 1+ OACC@ alpha F* n 1+ OACC!
    LOOP
  LOOP ;
\ P rounded to 16 bits, packed from S's registers: the accumulator layout
\ of 16 keys is wgmma's A layout.
: pack-p ( -- )  BC 4 / 0 UNROLL DO  I 2* { n }  n SACC@ n 1+ SACC@ PACK I P!  LOOP ;
\ PINGPONG (with OVERLAP): the consumer warpgroups take turns at issuing their products
\ (named barriers 1 and 2), so that one's softmax runs while the other's
\ products do.
: turns ( -- flag )  PINGPONG OVERLAP AND NCWG 1 > AND ;   \ one consumer: none
: my-turn ( wg -- )  turns IF  1+ 256 BAR-SYNC-N  ELSE DROP THEN ;
: your-turn ( wg -- )  turns IF  1+ NCWG MOD 1+ 256 BAR-ARRIVE-N  ELSE DROP THEN ;

\ The block order (flash-lpt.fs): with LPT every head's heaviest query
\ tiles (causal: the last) start first within a group, whose K and V stay
\ in L2; the last group's blocks past BATCH*HQ pairs leave at once.
lpt-tile { tile-id }
HQ lpt-pair { pair }
pair BATCH HQ * >= IF EXIT THEN
pair HQ /MOD { head-id batch-id }
tile-id query-tile-of BR * { q0 }
q0 key-tiles { ntiles }
batch-id HQ * head-id + { qh }                 \ the (batch, head) of LSE
head-id HQ HKV / / { kvh }                     \ the head of K and V
TID-X 0= IF
  1 0 bar MBAR-INIT
  KVS 0 DO
    1 I kfull MBAR-INIT  1 I vfull MBAR-INIT
    NCWG I kempty MBAR-INIT  NCWG I vempty MBAR-INIT
  LOOP
  FENCE-MBAR-INIT
THEN
BARRIER
TID-X 128 / { wg }

wg NCWG = IF
  24 SETMAXNREG-DEC
  TID-X 127 AND 0= IF
    batch-id head-id q0 0 bar QS Q BR load-tile
    ntiles 0 ?DO
      I KVS MOD { s }  I KVS / 1 AND { ph }
      ph 1 XOR  s kempty MBAR-WAIT
      batch-id kvh I BC *  s kfull  KS s tile-bytes * +  K BC load-tile
      ph 1 XOR  s vempty MBAR-WAIT
      batch-id kvh I BC *  s vfull  VS s tile-bytes * +  V BC load-tile
    LOOP
  THEN
ELSE
  CREGS SETMAXNREG-INC
  TID-X 127 AND 32 / { w }
  LANE-ID 4 / { g }
  q0 wg 64 * + w 16 * + g + { r0 }        \ rows r0 and r0 + 8
  SCALE 1.4426950408889634 F* { scale2 }
  TID-X 127 AND 0= { leader }            \ releases the stages
  HEAD_DIM 2 / 0 UNROLL DO  0.0 I OACC!  LOOP
  MASKED 0 ML!  MASKED 1 ML!  0.0 2 ML!  0.0 3 ML!
  turns wg 0= AND IF  1 256 BAR-ARRIVE-N  THEN   \ warpgroup 0 first
  0 0 bar MBAR-WAIT
  OVERLAP IF
    \ FlashAttention-3's intra-warpgroup overlap: S_j is issued, O is
    \ scaled and P_{j-1} V_{j-1} issued behind it; the softmax of S_j runs
    \ while P_{j-1} V_{j-1} is on the tensor cores.
    ntiles 0> IF
      0 0 kfull MBAR-WAIT
      wg my-turn  wg 0 s-issue  wg your-turn
      0 WGMMA-WAIT
      leader IF  0 kempty MBAR-ARRIVE  THEN
      0 r0 mask-s  scale2 softmax-s  pack-p
      ntiles 1 ?DO
        I stage { s ph }  I 1- stage { sp php }
        ph s kfull MBAR-WAIT
        wg my-turn
        wg s s-issue
        rescale-o
        php sp vfull MBAR-WAIT
        sp pv-issue
        wg your-turn
        1 WGMMA-WAIT
        leader IF  s kempty MBAR-ARRIVE  THEN
        I BC * r0 mask-s  scale2 softmax-s
        0 WGMMA-WAIT
        leader IF  sp vempty MBAR-ARRIVE  THEN
        pack-p
      LOOP
      rescale-o
      ntiles 1- stage { sl phl }
      phl sl vfull MBAR-WAIT
      wg my-turn  sl pv-issue  wg your-turn
      0 WGMMA-WAIT
      leader IF  sl vempty MBAR-ARRIVE  THEN
    THEN
  ELSE
    \ One tile at a time: S, softmax, P V.
    ntiles 0 ?DO
      I stage { s ph }
      ph s kfull MBAR-WAIT
      wg s s-issue  0 WGMMA-WAIT
      leader IF  s kempty MBAR-ARRIVE  THEN
      I BC * r0 mask-s  scale2 softmax-s  rescale-o  pack-p
      ph s vfull MBAR-WAIT
      s pv-issue  0 WGMMA-WAIT
      leader IF  s vempty MBAR-ARRIVE  THEN
    LOOP
  THEN
  LANE-ID 4 MOD { t }
  batch-id O_SB * head-id O_SH * + { o-head }

  \ Finish the row sums over the four lanes of each row; store each row
  \ (16-bit pairs, 4 bytes a lane and 8 features) and its log-sum-exp.
  2 0 UNROLL DO I { h }
    r0 h 8 * + { row }
    h ML@  h 2 + ML@ quad-sum  row finish { inv ls }
    row NQ < IF
      HEAD_DIM 8 / 0 UNROLL DO
        I 4 * h 2* + { n }
        n OACC@ inv F*  n 1+ OACC@ inv F*  PACK
        O  o-head row O_SN * + I 8 * + t 2* + 2* +  I32!
      LOOP
      t 0= IF  ls  LSE qh NQ * row + 4 * + F32!  THEN
    THEN
  LOOP
THEN
