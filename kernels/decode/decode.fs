\ Flash-decoding (split-KV attention of a few new query tokens to a KV
\ cache) on the CUDA cores, INCLUDEd by decode_attention.forth (a kernel a
\ dtype, -D T), which declares the header (constants, params, register and
\ shared arrays, below) and the dtype's words QLD ( addr -- x ),
\ OST ( x addr -- ) and CELL> ( cell -- x0 .. x[PER-1] ): the PER elements
\ of a 32-bit cell of the cache, lowest address first.
\
\ Layout. q and o are (BATCH, HQ, NQ, HEAD_DIM), lse (BATCH, HQ, NQ). The
\ cache is contiguous, (BATCH, HKV, NCAP, HEAD_DIM), or with PAGED paged as
\ vLLM's: (NBLK, 2^PSHIFT, HKV, HEAD_DIM), sequence b's key n in page
\ BT[b, n >> PSHIFT] (BT (BATCH, MAXBLK) int32). SEQLENS[b] counts every
\ cached token of sequence b, the NQ new ones last: query token i sees keys
\ 0 .. SEQLENS[b] - NQ + i.
\
\ Grid (NSPLIT, HKV * NCH, BATCH); block WARPS warps. The HQ/HKV query heads
\ of a KV head times the NQ tokens are the group's rows (contiguous in q,
\ o and lse); a block takes RB of them (row chunk BID-Y % NCH; the host
\ picks RB and NCH = ceil(rows / RB), NCH 1 unless the group has more than
\ 8 rows) and the keys of one split: sequence b's SEQLENS[b] keys are cut
\ into NSPLIT ranges of a multiple of SK keys, so that every split of a
\ sequence has as much to do and the GPU is full from one sequence on.
\
\ Within a block every KV row is read once, for all RB rows: the key range
\ is dealt in steps of SK = U*KPW keys to the warps in turn, and within a
\ warp each key row is read by LGW lanes (a "lane group"), each lane CPL
\ 16-byte chunks of K and of V (CPL = 1 up to 512-byte rows, 2 past them;
\ -D CPL=2 gives a lane more of a row: fewer lanes a key and shuffles,
\ more registers), so a warp's load instruction reads 512 bytes of
\ KPW = 32/LGW whole rows. The KPW groups of a warp are independent
\ online-softmax streams: a group's lanes hold the same running max and
\ sum per row and the output accumulator of their FPL features, and the
\ score of a key is the sum over the group's lanes (log2 LGW XOR
\ shuffles). q (times the scale) waits in shared memory (QS), read as
\ 16-byte units. A step issues its 2*U*CPL 16-byte loads, then computes;
\ with PREFETCH the loads of the warp's next step are issued before this
\ one is computed (into KN VN), so they are in flight all the time.
\ With STAGES > 0 the loads go through shared memory instead (sm_80+):
\ a warp's steps are copied asynchronously (CP-ASYNC, one commit group a
\ step, empty past the warp's last) into a ring of STAGES slots of its
\ own, STAGES - 1 steps ahead of the one computed, and KR VR are read
\ back from the ring just before use. Each lane copies, and later reads,
\ only its own 16-byte chunks (slot ((stage*2 + K/V)*U*CPL + chunk)*32 +
\ lane: a warp's read is 512 consecutive bytes, no bank conflict), so
\ CP-ASYNC-WAIT alone makes them visible, no barrier; a slot is refilled
\ only after the step read from it was computed (its values used). So a
\ warp keeps STAGES - 1 steps (2*U*CPL*512 bytes each) in flight while
\ it computes, without holding them in registers; the first STAGES - 1
\ fly while q is staged. The rings are WO's space (one array, sized for
\ the larger; a BARRIER after the loop frees it). At
\ the end the groups of a warp merge by shuffles, the warps through shared
\ memory (WM WL WO), and the block writes each row normalised: into o and
\ lse (NSPLIT 1), or as a partial (OP, f32, and LP, its natural-log
\ log-sum-exp, (NSPLIT, BATCH*HQ*NQ rows)) that decode-merge.fs combines.
\
\ The softmax runs in base 2 (q is scaled by SCALE*log2 e once). Masked
\ scores are -inf and the running max starts at EMPTY-MAX, finite, so
\ exp2(s - m) is 0 for them and never NaN; a row that sees no key in its
\ range gets sum 0, o 0 and lse -inf. SEQLENS is clamped to [0, capacity]
\ and the block table's entries to [0, NBLK - 1], so that bad values (not
\ checked on the host for CUDA tensors) give wrong rows, never a fault.

INCLUDE decode-common.fs
\ The sum of x over the lanes of this lane's group.
: group-sum ( x -- sum )
  5 0 UNROLL DO  1 I LSHIFT LGW < IF DUP 1 I LSHIFT FSHFL-XOR F+ THEN  LOOP ;

\ A lane's FPL features, in units of 4: unit v holds features
\ (ln + (v / (EPC/4)) * LGW) * EPC + (v % (EPC/4)) * 4 + 0..3 of the row,
\ that is of the lane's chunk ln + ch*LGW (ch = v / (EPC/4)). In QS and
\ WO a row's units are stored unit-major, (v * LGW + ln) * 16 bytes, so
\ that the lanes of a group touch consecutive 16 bytes (no bank conflict).
: unit-feature ( v ln -- f )
  SWAP EPC 4 / /MOD ROT SWAP LGW * + EPC * SWAP 4 * + ;
: unit-slot ( row v ln -- bytes )  ROT FPL 4 / * ROT + LGW * + 16 * ;
\ The 4 floats of unit v of load ld of this lane's K (KR) or V (VR) cells:
\ load ld's chunk ch's 32-bit cell w is KR[(ld*CPL + ch)*4 + w], PER
\ floats each.
: k-unit ( ld v -- x0 x1 x2 x3 )
  SWAP CPL 4 * * SWAP 4 PER / * +  4 PER / 0 UNROLL DO DUP I + KR@ CELL> PER ROLL LOOP DROP ;
: v-unit ( ld v -- x0 x1 x2 x3 )
  SWAP CPL 4 * * SWAP 4 PER / * +  4 PER / 0 UNROLL DO DUP I + VR@ CELL> PER ROLL LOOP DROP ;

BID-X { split }
BID-Y NCH /MOD { rc kvh }
BID-Z { bat }
HQ HKV / NQ * { nrows }              \ the group's rows: heads x tokens
rc RB * { r0 }                       \ this block's first row of them
bat HKV * kvh + nrows * { grow }     \ the group's first row in q, o, lse
LANE-ID LGW / { grp }                \ lane group: a stream of keys
LANE-ID LGW MOD { ln }               \ lane in the group
SCALE 1.4426950408889634 F* { scale2 }

bat split SK split-keys { len start nsteps diag }


\ With STAGES: this lane's 16 bytes of chunk ck (= ld*CPL + ch) of K (kv
\ 0) or V (kv 1) in stage stg of its warp's ring.
: ring ( stg ck kv -- saddr )
  { stg ck kv }
  WARP-ID STAGES * stg + 2 * kv + U CPL * * ck + 32 * LANE-ID + 16 * WO + ;
\ The copies of the warp's step t (keys from start + t*SK) into stage
\ stg, one commit group (empty past the last step, so that the groups
\ count steps).
: copy-step ( t stg start n nsteps b h g l -- )
  { t stg st n ns b h g l }
  t ns < IF
    t SK * st + { kb }
    U 0 UNROLL DO
      I { ld }
      kb ld KPW * + g + n b h kv-off { off }
      CPL 0 UNROLL DO
        l I LGW * + 16 * off + { a }
        KC a +  stg ld CPL * I + 0 ring CP-ASYNC
        VC a +  stg ld CPL * I + 1 ring CP-ASYNC
      LOOP
    LOOP
  THEN
  CP-ASYNC-COMMIT ;
\ The ring's first STAGES - 1 steps are in flight while q is staged.
STAGES 1 > IF
  STAGES 1- 0 UNROLL DO
    I WARPS * WARP-ID +  I  start len nsteps bat kvh grp ln copy-step
  LOOP
THEN

\ q, times SCALE*log2(e), to QS (rows past the group's last read the
\ last); lane group 0 of warp 0 writes it (every warp's lane group 0 did:
\ the same values, but a write-write race the CPU sanitizer reported).
grp 0= WARP-ID 0= AND IF
  RB 0 UNROLL DO
    I { row }
    r0 row + nrows 1- MIN grow + HEAD_DIM * { qe }
    FPL 4 / 0 UNROLL DO
      I ln unit-feature qe + ESZ * Q + { qa }
      4 0 UNROLL DO  qa I ESZ * + QLD scale2 F*  LOOP
      row I ln unit-slot QS + 4SF!
    LOOP
  LOOP
THEN
RB 0 UNROLL DO  EMPTY-MAX I ML!  0.0 I RB + ML!  LOOP
RB FPL * 0 UNROLL DO  0.0 I ACC!  LOOP
BARRIER

\ The loads of the step from key kb: key kb + ld*KPW + g for load ld, lane
\ l's chunks, into KR and VR, or with nxt (a constant) into KN and VN.
: load-step ( kb n b h g l nxt -- )
  { kb n b h g l nxt }
  U 0 UNROLL DO
    I { ld }
    kb ld KPW * + g + n b h kv-off { off }
    CPL 0 UNROLL DO
      l I LGW * + 16 * off + { a }
      ld CPL * I + 4 * { c }
      KC a + 4F@
      nxt IF c 3 + KN! c 2 + KN! c 1+ KN! c KN!
      ELSE c 3 + KR! c 2 + KR! c 1+ KR! c KR! THEN
      VC a + 4F@
      nxt IF c 3 + VN! c 2 + VN! c 1+ VN! c VN!
      ELSE c 3 + VR! c 2 + VR! c 1+ VR! c VR! THEN
    LOOP
  LOOP ;

\ With PREFETCH a warp's next step is loaded (into KN, VN) before this
\ one is computed, so that its loads are in flight all the time.
PREFETCH STAGES 0= AND IF
  WARP-ID nsteps < IF
    WARP-ID SK * start + len bat kvh grp ln 0 load-step
  THEN
THEN
\ t: the warp's step; s: its stage in the ring (with STAGES).
WARP-ID 0 BEGIN OVER nsteps < WHILE
  { t s }
  t SK * start + { kb }
  STAGES IF
    \ Refill the slot of the step before (computed) with the step
    \ STAGES - 1 ahead, then wait for this one's copies; K from the ring.
    t STAGES 1- WARPS * +  s STAGES + 1- DUP STAGES >= IF STAGES - THEN
    start len nsteps bat kvh grp ln copy-step
    STAGES 1- CP-ASYNC-WAIT
    U CPL * 0 UNROLL DO
      s I 0 ring 4SF@  I 4 * 3 + KR!  I 4 * 2 + KR!  I 4 * 1+ KR!  I 4 * KR!
    LOOP
  ELSE PREFETCH IF
    t WARPS + nsteps < IF
      kb WARPS SK * + len bat kvh grp ln 1 load-step
    THEN
  ELSE
    kb len bat kvh grp ln 0 load-step
  THEN THEN
  \ Scores (base 2): SC[ld*RB + row], this lane's part of q.k, then the
  \ sum over the group.
  U RB * 0 UNROLL DO  0.0 I SC!  LOOP
  U 0 UNROLL DO
    I { ld }
    FPL 4 / 0 UNROLL DO
      I { v }
      ld v k-unit { k0 k1 k2 k3 }
      RB 0 UNROLL DO
        I v ln unit-slot QS + 4SF@ { q0 q1 q2 q3 }
        ld RB * I + { si }
        si SC@  q0 k0 F* F+  q1 k1 F* F+  q2 k2 F* F+  q3 k3 F* F+  si SC!
      LOOP
    LOOP
  LOOP
  U RB * 0 UNROLL DO  I SC@ group-sum I SC!  LOOP
  \ Keys past a row's last (causal among the new tokens, the cache's end).
  kb SK + 1- diag > IF
    U 0 UNROLL DO
      kb I KPW * + grp + { key }
      RB 0 UNROLL DO
        key  r0 I + NQ MOD diag +  > IF  -inf J RB * I + SC!  THEN
      LOOP
    LOOP
  THEN
  \ Online softmax, row by row: P into SC, the sum. The sum and O are
  \ rescaled only when the row's max grows (rarely, after the first steps
  \ of a long cache).
  RB 0 UNROLL DO
    I { row }
    row ML@ { m }
    m  U 0 UNROLL DO  I RB * row + SC@ FMAX  LOOP { mnew }
    mnew m F> IF
      m mnew F- FEXP2 { alpha }
      mnew row ML!
      row RB + ML@ alpha F* row RB + ML!
      FPL 0 UNROLL DO  row FPL * I + { n }  n ACC@ alpha F* n ACC!  LOOP
    THEN
    row RB + ML@
    U 0 UNROLL DO
      I RB * row + { n }  n SC@ mnew F- FEXP2  DUP n SC!  F+
    LOOP
    row RB + ML!
  LOOP
  \ O += P V (V from the ring with STAGES).
  STAGES IF
    U CPL * 0 UNROLL DO
      s I 1 ring 4SF@  I 4 * 3 + VR!  I 4 * 2 + VR!  I 4 * 1+ VR!  I 4 * VR!
    LOOP
  THEN
  U 0 UNROLL DO
    I { ld }
    FPL 4 / 0 UNROLL DO
      I { v }
      ld v v-unit { v0 v1 v2 v3 }
      RB 0 UNROLL DO
        ld RB * I + SC@ { p }
        I FPL * v 4 * + { n }
        n ACC@ p v0 F* F+ n ACC!  n 1+ ACC@ p v1 F* F+ n 1+ ACC!
        n 2 + ACC@ p v2 F* F+ n 2 + ACC!  n 3 + ACC@ p v3 F* F+ n 3 + ACC!
      LOOP
    LOOP
  LOOP
  PREFETCH STAGES 0= AND IF
    U CPL * 4 * 0 UNROLL DO  I KN@ I KR!  I VN@ I VR!  LOOP
  THEN
  t WARPS +  s 1+ DUP STAGES >= IF DROP 0 THEN
REPEAT 2DROP

\ Merge the lane groups of the warp (XOR shuffles across groups).
5 0 UNROLL DO
  1 I LSHIFT LGW >= IF
    1 I LSHIFT { msk }
    RB 0 UNROLL DO
      I { row }
      row ML@ { m }  row RB + ML@ { l }
      m msk FSHFL-XOR { mo }  l msk FSHFL-XOR { lo }
      m mo FMAX { mm }
      m mm F- FEXP2 { wa }  mo mm F- FEXP2 { wb }
      l wa F*  lo wb F* F+  row RB + ML!
      mm row ML!
      FPL 0 UNROLL DO
        row FPL * I + { n }
        n ACC@ DUP msk FSHFL-XOR wb F*  SWAP wa F* F+  n ACC!
      LOOP
    LOOP
  THEN
LOOP

\ Each warp's state to shared memory (lane group 0 holds it now); with
\ STAGES WO is the warps' rings, free once every warp is done with its
\ own (the groups still pending are empty ones).
STAGES IF  0 CP-ASYNC-WAIT  BARRIER  THEN
grp 0= IF
  RB 0 UNROLL DO
    I { row }
    WARP-ID RB * HEAD_DIM * FLOATS WO + { wa }
    FPL 4 / 0 UNROLL DO
      row FPL * I 4 * + { n }
      n ACC@ n 1+ ACC@ n 2 + ACC@ n 3 + ACC@  row I ln unit-slot wa + 4SF!
    LOOP
  LOOP
  ln 0= IF
    RB 0 UNROLL DO
      I ML@  WARP-ID RB * I + FLOATS WM + SF!
      I RB + ML@  WARP-ID RB * I + FLOATS WL + SF!
    LOOP
  THEN
THEN
BARRIER

\ Where warp w left features 4*f4.. of row `row` in WO: unit v of lane
\ ln of its group.
: wo-unit ( warp row f4 -- addr )
  { w row f4 }
  f4 4 * EPC / { gc }                \ the chunk
  gc LGW MOD { fl }
  gc LGW / EPC 4 / *  f4 EPC 4 / MOD + { fv }
  w RB * HEAD_DIM * FLOATS WO +  row fv fl unit-slot + ;
INCLUDE decode-finish.fs
r0 nrows grow split  bat HKV * kvh + NCH * rc +  finish
