\ FlashAttention forward on Hopper (sm_90a), INCLUDEd by
\ flash_attention_sm90.forth (-D T bf16 or f16), which declares the header
\ (Q, K, V as tensor maps (BATCH, H, N, HEAD_DIM) with strides, boxes of
\ BR (Q) or BC (K, V) rows x 64 features, swizzle 128; O with the strides
\ O_SB, O_SH, O_SN), the
\ register arrays SACC (f32[BC/2]: S = Q K^T of a warpgroup's 64 rows,
\ m64nBC), OACC (f32[HEAD_DIM/2]: O, m64nHEAD_DIM), P (i32[BC/4]: P as
\ 16-bit pairs), AL and ML (per-row factors, maxima and sums), the
\ constants OVERLAP, PINGPONG, NCWG, KVS, QBUF, PREGS, CREGS (below) and the words
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
INCLUDE flash-paged.fs
INCLUDE flash-lpt.fs

\ The mbarriers: Q full and Q empty of each of the QBUF Q buffers, then
\ per stage s of the KVS-deep rings K full, V full, K empty, V empty (the
\ K/V empties take NCWG arrivals: one thread of each consumer warpgroup,
\ as only wgmma reads those tiles; Q empty takes every consumer thread's,
\ see item-slot).
: bar ( i -- addr )  CELLS BARS + ;
: qfull ( b -- addr )  bar ;
: qempty ( b -- addr )  QBUF + bar ;
: kfull ( s -- addr )  QBUF 2* + bar ;
: vfull ( s -- addr )  KVS + QBUF 2* + bar ;
: kempty ( s -- addr )  KVS 2* + QBUF 2* + bar ;
: vempty ( s -- addr )  KVS 3 * + QBUF 2* + bar ;
: tile-bytes ( -- n )  BC HEAD_DIM * 2* ;    \ a K or V tile, 16-bit
: q-bytes ( -- n )  BR HEAD_DIM * 2* ;       \ a Q buffer
: panels ( -- n )  HEAD_DIM 64 / ;

\ `rows` rows from `row` on of batch `b`, head `h` of tensor map `map`
\ into the tile at `smem`, one 64-feature panel (rows x 128 bytes) a box,
\ completing on `mbar`; lane 0 of the producer warp issues them.
: load-tile ( b h row mbar smem map rows -- )
  { b h row mbar smem map rows }
  LANE-ID 0= IF
    rows HEAD_DIM * 2* mbar MBAR-ARRIVE-TX
    panels 0 DO  b h row I 64 *  mbar  smem I rows * 128 * +  map TMA-LOAD-4D  LOOP
  THEN ;

\ BC keys from a sequence's key k0 of K or V (map) into the tile at smem:
\ its rows from kv-off on, or with PAGED BC/KBOX copies of KBOX rows, each
\ from its cache block (flash-paged.fs), on one mbarrier's count.
: load-kv ( b h k0 mbar smem map -- )
  { b h k0 mbar smem map }
  PAGED IF
    LANE-ID 0= IF
      BC HEAD_DIM * 2* mbar MBAR-ARRIVE-TX
      BC KBOX / 0 DO
        k0 I KBOX * + page-row { row }
        panels 0 DO
          b h row I 64 *  mbar  smem I BC * 128 * + J KBOX * 128 * +
          map TMA-LOAD-4D
        LOOP
      LOOP
    THEN
  ELSE  b h k0 kv-off + mbar smem map BC load-tile  THEN ;

\ The consumer's steps. Thread 32w + 4g + t of a warpgroup holds rows
\ r0 = 16w + g and r0 + 8 of its 64 (h = 0, 1).
: stage ( i -- s ph )  DUP KVS MOD SWAP KVS / 1 AND ;
\ Issue S = Q K^T of warpgroup wg's rows of the Q buffer at qtile against
\ stage s's keys:
\ HEAD_DIM/16 steps of k16 (32 bytes of a 128-byte row; four a panel).
: s-issue ( qtile wg s -- )
  { qtile wg s }
  WGMMA-FENCE
  HEAD_DIM 16 / 0 UNROLL DO
    qtile  I 4 / BR * 128 * +  wg 8192 * +  I 4 MOD 32 * +  16 1024 128 WGMMA-DESC
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
\ MASK-MOD's answers for the thread's scores of a partial tile, a bit
\ each (bit 32h + 2j + i: row r0 + 8h, key c0 + 8j + i, set where hidden),
\ asked in a loop that is not unrolled: unrolled, ptxas issued the user's
\ loads for all 64 scores first and spilled (624 bytes with a document
\ mask that reads an id array).
: mod-bits ( b h c0 r0 -- bits )
  { b hd c0 r0 }
  0  BC 8 / 0 DO  I { jj }
    2 0 UNROLL DO  I { h }
      2 0 UNROLL DO
        0 -1 b hd r0 h 8 * + c0 jj 8 * + I + mod-masked IF
          1  h 32 * jj 2* + I +  LSHIFT OR
        THEN
      LOOP
    LOOP
  LOOP ;
\ Mask keys past the end and outside a row's range (causal: after its
\ diagonal; LOCAL: its window); only tiles that reach past either need it.
\ A row's last visible key (the last one, or with CAUSAL or LOCAL its
\ range's if that comes first), and with LOCAL its first, less the
\ thread's first column: then each score is one compare of a constant
\ (8j + c) against each.
: mask-s ( b h k0 r0 partial slot -- )
  { b hd k0 r0 partial slot }
  k0 r0 r0 8 + tile-masked partial OR IF
    LANE-ID 4 MOD 2* k0 + { c0 }           \ the thread's first key
    \ The partial tile's bit mask (block mask), or MASK-MOD's answers.
    partial IF
      slot 0< IF  b hd c0 r0 mod-bits
      ELSE
        slot r0 BR MOD LANE-ID 4 MOD 2* row-bits
        slot r0 8 + BR MOD LANE-ID 4 MOD 2* row-bits  32 LSHIFT OR
      THEN
    ELSE 0 THEN { hidden }
    2 0 UNROLL DO I { h }
      len-kv 1-  bounded IF r0 h 8 * + last-key MIN THEN  c0 - { lim }
      r0 h 8 * + first-key c0 - { lo }
      BC 8 / 0 UNROLL DO
        2 0 UNROLL DO
          J 8 * I + lim >  LOCAL IF J 8 * I + lo < OR THEN
          MODS-MASK IF  hidden h 32 * J 2* + I + RSHIFT 1 AND 0<> OR  THEN
          IF  masked-score J 4 * h 2* + I + SACC!  THEN
        LOOP
      LOOP
    LOOP
  THEN ;
\ SOFTCAP: S's scores through tanh (score-scale2 takes them on), and
\ SCORE-MOD (scored), before the masks (tanh(-inf) would be a score).
\ Score n of the thread is row r0 + 8 (n/2 mod 2), key c0 + 8 (n/4) +
\ n mod 2.
: cap-s ( b h k0 r0 -- )
  { b hd k0 r0 }
  SOFTCAP MODS-SCORE OR IF
    softcap-pre { pre }
    LANE-ID 4 MOD 2* k0 + { c0 }
    BC 2 / 0 UNROLL DO
      I SACC@  SOFTCAP IF pre F* FTANH-APPROX THEN
      b hd  r0 I 2 / 1 AND 8 * +  c0 I 4 / 8 * + I 1 AND +  scored  I SACC!
    LOOP
  THEN ;
\ Key tile ix of the item's visit from t0 (key-tile) for rows r0, r0 + 8
\ of (batch, head) (b, h).
: prepare-s ( b h t0 ix r0 -- )
  { b hd t0 ix r0 }  t0 ix key-tile BC * { k0 }
  b hd k0 r0 cap-s  b hd k0 r0  t0 ix key-partial  t0 ix key-slot  mask-s ;
\ The max and the sum of a row's scores (those of 8j + c at SACC[4j + n0
\ + c], c = 0, 1), in four chains (j even and odd, c 0 and 1), so that
\ FMAX and F+ latencies overlap. H100 bf16 TFLOP/s (.prof/s13_fwdab.sh,
\ .prof/s13_ab3.sh: one chain / two / four): GPT-2 266 / 273 / 276, B4 H16
\ N4096 d64 causal 417 / 432 / 439, d128 full 591 / 606 / 616.
: n4max ( n0 -- x )
  { n0 }  n0 SACC@  n0 1+ SACC@  n0 4 + SACC@  n0 5 + SACC@
  BC 16 / 1 UNROLL DO
    I 8 * n0 + { n } { a b c d }
    a n SACC@ FMAX  b n 1+ SACC@ FMAX  c n 4 + SACC@ FMAX  d n 5 + SACC@ FMAX
  LOOP  FMAX ROT ROT FMAX FMAX ;
: n4sum ( n0 -- x )
  { n0 }  0.0 0.0 0.0 0.0
  BC 16 / 0 UNROLL DO
    I 8 * n0 + { n } { a b c d }
    a n SACC@ F+  b n 1+ SACC@ F+  c n 4 + SACC@ F+  d n 5 + SACC@ F+
  LOOP  F+ ROT ROT F+ F+ ;
\ Online softmax in base 2 on S's registers (exponentials in place): the
\ new running max and sum of each row, and in AL the factor that O must
\ be scaled by before this tile's P V is added.
: softmax-s ( scale2 -- )
  { scale2 }
  2 0 UNROLL DO I { h }
    h ML@ { m }
    \ The max and the sum in four chains each (n4max, n4sum), every
    \ exponential issued before the sum needs one: latencies overlap.
    h 2* n4max quad-max scale2 F* m FMAX { mnew }
    m mnew F- FEXP2 DUP h AL!
    mnew h ML!
    BC 8 / 0 UNROLL DO
      I 4 * h 2* + { n }
      n SACC@ scale2 F* mnew F- FEXP2  n SACC!
      n 1+ SACC@ scale2 F* mnew F- FEXP2  n 1+ SACC!
    LOOP
    h 2 + ML@ F*  h 2* n4sum  F+ h 2 + ML!
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

\ The work: items, each a query tile (BR rows) of a (batch, head) pair, in
\ the order of flash-lpt.fs (item-of: with LPT every head's heaviest
\ tiles first within a group of HG pairs, whose K and V stay in L2; the
\ last group's slots past the last pair are skipped). Block BID-X takes
\ one item a round: round r's slice of GDIM-X items, in order on even
\ rounds and backwards on odd ones, so that with the heaviest items first
\ a block's items even out (two rounds pair the heaviest causal tile with
\ the lightest). With a block an item (the grid as large as the items)
\ that is one round. With DYN a block's items after its first (BID-X)
\ come from a counter instead (next-item), so that persistent blocks
\ balance causal rows as they go (FlashAttention-3's tile scheduler).
\ Either way the producer decides and hands each item to the consumers
\ with its Q buffer (ITEM). ops/_attention.py runs persistent blocks
\ (MINB an SM; hopper_grid), with DYN for causal rows. From its
\ second item on, a block's start (its barriers, its first loads'
\ latency) overlaps work: the producer loads the next item's Q (into the
\ other of QBUF buffers) and first K/V tiles while the consumers finish
\ this one, the K/V rings and Q buffers running on across items (their
\ counters live on the stack).
\ Item `it`'s (tile, pair): what the block of linear index `it` of
\ flash-lpt.fs's grid (x fastest) would take. DIV_HG, DIV_QT and DIV_HQ
\ encode HG, the query tiles a pair and HQ for fdiv.
: item-of ( it -- tile pair )
  LPT IF
    DUP DIV_HG fdiv { it rest }  it rest HG * -  rest DIV_QT fdiv { x g }
    rest g MAXQ BR tiles * -  g HG * x +
  ELSE
    DUP DIV_QT fdiv { it pair }  it pair MAXQ BR tiles * -  pair
  THEN ;
\ An item's (batch, head), its first query row, its first key tile and
\ how many it takes (MODS-BLOCKS: its list's first entry and length); with VARLEN the batch is the sequence, whose rows
\ and lengths set-seq notes first (each thread that runs geometry).
: geometry ( tile pair -- batch-id head-id q0 t0 ntiles )
  DUP DIV_HQ fdiv { pair b }  b set-seq  b  pair b HQ * -
  ROT query-tile-of
  \ (VARLEN: a tile past a shorter sequence's rows is not live, and has
  \ no list to read.)
  MODS-BLOCKS IF
    DUP BR * SWAP  DUP 0<  OVER len-q BR tiles >=  OR IF
      DROP 0 0
    ELSE  pair SWAP mods-tiles  THEN
  ELSE  BR *  DUP first-tile  OVER key-tiles  THEN ;
\ VARLEN: the items are the longest sequence's tiles (MAXQ rows) for every
\ sequence; a shorter one's past its rows are skipped (live), and the
\ tensor maps see the packed rows as batch 0, the sequence's rows from
\ q-off and kv-off on.
: live ( q0 -- flag )  VARLEN IF DUP 0< 0= SWAP len-q < AND ELSE DROP -1 THEN ;
\ The pairs and the items (with the LPT grid's slots past the last pair).
: work ( -- pairs items )
  BATCH HQ *  { pairs }
  pairs  LPT IF pairs HG + 1- DIV_HG fdiv HG * ELSE pairs THEN MAXQ BR tiles * ;
\ Round r's item of this block (past `items` in the last round for some).
: round-item ( r -- it )
  DUP GDIM-X *  SWAP 1 AND IF GDIM-X 1- BID-X - ELSE BID-X THEN + ;
\ The producer warp's next item after round r - 1's: round r's, or with
\ DYN the next one nobody has taken: lane 0 takes a ticket (TICKET's first
\ cell, 0 at the launch) and the warp gets it by a broadcast, which
\ keeps it warp-uniform. Every block's first item is BID-X, so tickets
\ count from GDIM-X on. With dynamic items a block that drew short tiles
\ takes more of them: persistent blocks balance causal rows without
\ knowing their weights.
: next-item ( r -- it )
  DYN IF
    DROP  LANE-ID 0= IF  1 TICKET ATOMIC-ADD  ELSE 0 THEN  0 SHFL-IDX  GDIM-X +
  ELSE round-item THEN ;
\ With DYN the counter is left at 0 for the next launch: TICKET's second
\ cell counts the producers out, and the last one clears both cells, so
\ that the op keeps one counter a stream instead of zeroing a new one
\ before every launch (a fill kernel and 9 of the op's 31 us of host
\ time at GPT-2's shape, H100). Every ticket is taken by then: a
\ producer's last ticket (the one past the items) comes before its
\ count, FENCE-GPU between.
: return-tickets ( -- )
  FENCE-GPU
  1 TICKET 8 + ATOMIC-ADD  GDIM-X 1- = IF  0 TICKET !  0 TICKET 8 + !  THEN ;
\ The Q buffers' items (ITEM, a cell each): the producer writes a buffer's
\ before the copies that fill it complete its Q full mbarrier, so the
\ consumers learn each item from there; -1 (and a plain arrival) ends
\ their loop. Every consumer thread reads the slot, so every one arrives
\ on Q empty before the producer may write it again: with only one
\ thread a warpgroup arriving, the others' reads were ordered before the
\ next write only through the named barriers and that thread's arrival,
\ a chain compute-sanitizer's racecheck does not follow (it reported
\ the write of -1 over the item at QBUF 1, head dims 192 and 256).
: item-slot ( qb -- saddr )  CELLS ITEM + ;

TID-X 0= IF
  QBUF 0 DO  1 I qfull MBAR-INIT  NCWG 128 * I qempty MBAR-INIT  LOOP
  KVS 0 DO
    1 I kfull MBAR-INIT  1 I vfull MBAR-INIT
    NCWG I kempty MBAR-INIT  NCWG I vempty MBAR-INIT
  LOOP
  FENCE-MBAR-INIT
THEN
BARRIER
TID-X 128 / { wg }

wg NCWG = IF
  PREGS SETMAXNREG-DEC
  \ The producer warp runs the loop in step (its values warp-uniform:
  \ ptxas keeps them in uniform registers); lane 0 issues the copies.
  TID-X 32 / 0 SHFL-IDX 3 AND 0= IF
    work { pairs items }
    \ it: this item, r: its round, done: items done, used: K/V tiles loaded
    BID-X 0 0 0
    BEGIN  3 PICK items <  WHILE
      { it r done used }
      it item-of { tile pair }
      pair pairs <  IF  tile pair geometry  ELSE 0 0 -1 0 0 THEN
      { batch-id head-id q0 t0 ntiles }
      pair pairs <  q0 live AND IF
        head-id DIV_GQ fdiv { kvh }               \ the head of K and V
        done QBUF MOD { qb }
        done QBUF / 1 AND 1 XOR  qb qempty MBAR-WAIT
        LANE-ID 0= IF  it qb item-slot S!  THEN
        batch-id tma-batch head-id q0 q-off + qb qfull  QS qb q-bytes * +
        Q BR load-tile
        ntiles 0 ?DO
          used I + stage { s ph }
          ph 1 XOR  s kempty MBAR-WAIT
          batch-id tma-batch kvh t0 I key-tile BC *  s kfull
          KS s tile-bytes * +  K load-kv
          ph 1 XOR  s vempty MBAR-WAIT
          batch-id tma-batch kvh t0 I key-tile BC *  s vfull
          VS s tile-bytes * +  V load-kv
        LOOP
        done 1+ TO done  used ntiles + TO used
      THEN
      r 1+ next-item  r 1+  done used
    REPEAT
    DROP NIP NIP { done }
    DYN IF  LANE-ID 0= IF  return-tickets  THEN  THEN
    \ The end, for the consumers: the next Q buffer's item -1.
    done QBUF MOD { qb }
    done QBUF / 1 AND 1 XOR  qb qempty MBAR-WAIT
    LANE-ID 0= IF  -1 qb item-slot S!  qb qfull MBAR-ARRIVE  THEN
  THEN
ELSE
  CREGS SETMAXNREG-INC
  TID-X 127 AND 32 / { w }
  LANE-ID 4 / { g }
  LANE-ID 4 MOD { t }
  score-scale2 { scale2 }
  TID-X 127 AND 0= { leader }            \ releases the stages and Q
  turns wg 0= AND IF  1 256 BAR-ARRIVE-N  THEN   \ warpgroup 0 first
  0 0                    \ done: items done, used: K/V tiles used
  \ The items the producer hands over with the Q buffers, until -1.
  BEGIN
    OVER QBUF MOD { qb }
    OVER QBUF / 1 AND  qb qfull MBAR-WAIT
    qb item-slot S@ { it }
    it 0< 0=  WHILE
    { done used }
    it item-of geometry { batch-id head-id q0 t0 ntiles }
    QS qb q-bytes * + { qtile }
    q0 wg 64 * + w 16 * + g + { r0 }      \ rows r0 and r0 + 8
    HEAD_DIM 2 / 0 UNROLL DO  0.0 I OACC!  LOOP
    MASKED 0 ML!  MASKED 1 ML!  0.0 2 ML!  0.0 3 ML!
    OVERLAP IF
      \ FlashAttention-3's intra-warpgroup overlap: S_j is issued, O
      \ is scaled and P_{j-1} V_{j-1} issued behind it; the softmax of
      \ S_j runs while P_{j-1} V_{j-1} is on the tensor cores.
      ntiles 0> IF
        used stage { s0 ph0 }
        ph0 s0 kfull MBAR-WAIT
        wg my-turn  qtile wg s0 s-issue  wg your-turn
        0 WGMMA-WAIT
        leader IF  s0 kempty MBAR-ARRIVE  THEN
        batch-id head-id t0 0 r0 prepare-s  scale2 softmax-s  pack-p
        ntiles 1 ?DO
          used I + stage { s ph }  used I + 1- stage { sp php }
          ph s kfull MBAR-WAIT
          wg my-turn
          qtile wg s s-issue
          rescale-o
          php sp vfull MBAR-WAIT
          sp pv-issue
          wg your-turn
          1 WGMMA-WAIT
          leader IF  s kempty MBAR-ARRIVE  THEN
          batch-id head-id t0 I r0 prepare-s  scale2 softmax-s
          0 WGMMA-WAIT
          leader IF  sp vempty MBAR-ARRIVE  THEN
          pack-p
        LOOP
        rescale-o
        used ntiles + 1- stage { sl phl }
        phl sl vfull MBAR-WAIT
        wg my-turn  sl pv-issue  wg your-turn
        0 WGMMA-WAIT
        leader IF  sl vempty MBAR-ARRIVE  THEN
      THEN
    ELSE
      \ One tile at a time: S, softmax, P V.
      ntiles 0 ?DO
        used I + stage { s ph }
        ph s kfull MBAR-WAIT
        qtile wg s s-issue  0 WGMMA-WAIT
        leader IF  s kempty MBAR-ARRIVE  THEN
        batch-id head-id t0 I r0 prepare-s  scale2 softmax-s  rescale-o  pack-p
        ph s vfull MBAR-WAIT
        s pv-issue  0 WGMMA-WAIT
        leader IF  s vempty MBAR-ARRIVE  THEN
      LOOP
    THEN
    \ Every product that read this Q buffer has completed, and this
    \ thread has read its item slot.
    qb qempty MBAR-ARRIVE
    \ This item's first LSE and O rows (VARLEN: its sequence's, batch 0).
    VARLEN IF  head-id NQ * q-off +  ELSE  batch-id HQ * head-id + NQ *  THEN
    { lse0 }
    VARLEN IF  q-off O_SN *  ELSE  batch-id O_SB *  THEN  head-id O_SH * +
    { o-head }

    \ Finish the row sums over the four lanes of each row; store each
    \ row (16-bit pairs, 4 bytes a lane and 8 features) and its
    \ log-sum-exp.
    2 0 UNROLL DO I { h }
      r0 h 8 * + { row }
      h ML@  h 2 + ML@ quad-sum  row finish { inv ls }
      row len-q < IF
        HEAD_DIM 8 / 0 UNROLL DO
          I 4 * h 2* + { n }
          n OACC@ inv F*  n 1+ OACC@ inv F*  PACK
          O  o-head row O_SN * + I 8 * + t 2* + 2* +  I32!
        LOOP
        t 0= IF  ls  LSE lse0 row + 4 * + F32!  THEN
      THEN
    LOOP
    done 1+  used ntiles +
  REPEAT
  2DROP
THEN
