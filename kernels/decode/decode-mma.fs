\ Flash-decoding on the 16-bit tensor cores (bf16 or f16 cache, f32
\ accumulation), INCLUDEd by decode_attention_mma.forth (-D T), which
\ declares the header (the params are decode.fs's, in the same order, so the
\ op launches either kernel alike) and the words MMA ( a0..a3 b0 b1
\ c0..c3 -- d0..d3 ) and PACK ( x0 x1 -- pair ). decode.fs has the layout
\ of q, o, lse, the caches, SEQLENS and the block table, the grid, the
\ splits and the partial outputs that decode-merge.fs combines: this
\ kernel differs only in how a block computes its rows.
\
\ Why. The CUDA-core kernel spends about 1.6 warp instructions per 16
\ bytes of K/V (8 unpacks, 8 FMAs a row, the shuffles of a lane group):
\ issue-bound below the copy rate. Here a warp computes S = Q K^T and
\ O += P V of KT keys with mma.sync m16n8k16: per 16 keys of d128, 16
\ LDMATRIX-X4 and 32 MMAs (and the cp.async copies, the softmax of 4
\ scores a lane), about 0.25 warp instructions per 16 bytes.
\
\ Rows. The block's RB rows (8 or 16: the group's heads x tokens, padded)
\ are the M dimension of the MMA; rows past the group's last repeat it
\ (never stored). With RB 8 the MMA's rows 8-15 are zeros: A's a1 a3 are
\ 0, C's c2 c3 are 0.0 and their results dropped, so they take no
\ registers. Q stays unscaled in registers as A fragments (bf16/f16 as
\ given, exact); the scores are scaled by SCALE*log2 e in f32.
\
\ Keys. As in decode.fs a split's keys are dealt in steps (KT keys here)
\ to the warps in turn, and each warp copies its steps asynchronously into
\ a ring of STAGES slots of its own in shared memory (CP-ASYNC, one commit
\ group a step, STAGES - 1 steps ahead of the one computed). A slot holds
\ the step's K rows then its V rows, row-major, the 16-byte chunk c of
\ row r at chunk c XOR (r % 8): the eight rows of an LDMATRIX phase hit
\ eight different groups of four banks (rows are 128 or 256 bytes: no
\ padding needed, and the copies write 512 consecutive bytes a warp
\ instruction). K is read as the B operand of S = Q K^T without .trans
\ (key rows are its N dimension), V with LDMATRIX-X4-T. The lanes of a
\ warp read chunks other lanes copied, so a WARP-SYNC follows the
\ CP-ASYNC-WAIT, and a slot is refilled only after it, which orders the
\ lanes' reads of it in the step before. (A named barrier of the warp,
\ BAR-SYNC-N 1 + WARP-ID with 32 threads, did the same, but racecheck
\ then reported hazards across the block's later BARRIERs: issue 35.)
\
\ Softmax. Lane (g, t) holds, per 8 keys, the scores of row g (and g+8)
\ at keys 2t, 2t+1: the running max is kept per row (a quad max, the
\ same in the 4 lanes of a row), the sum per lane (summed over the quad at
\ the end). P is rounded to 16 bits and packed from the score registers
\ into the A fragments of P V (the C layout of 16 keys is the A layout);
\ the sum uses the unrounded P, as FlashAttention-2 does. Masked scores
\ are -inf, the running max starts at EMPTY-MAX (finite): no NaN, and a
\ row that sees no key gets sum 0, o 0, lse -inf. Keys past a sequence's
\ length are copied from its last key (never from the slots past it,
\ which may hold anything) and masked.
\
\ End. Each warp's (m, l, O) goes to shared memory (WM WL WO, over the
\ rings), and the block merges its warps and writes each row as decode.fs
\ does.

INCLUDE decode-common.fs
: quad-max ( x -- x' )  DUP 1 FSHFL-XOR FMAX  DUP 2 FSHFL-XOR FMAX ;
: quad-sum ( x -- x' )  DUP 1 FSHFL-XOR F+  DUP 2 FSHFL-XOR F+ ;

BID-X { split }
BID-Y NCH /MOD { rc kvh }
BID-Z { bat }
HQ HKV / NQ * { nrows }              \ the group's rows: heads x tokens
rc RB * { r0 }                       \ this block's first row of them
bat HKV * kvh + nrows * { grow }     \ the group's first row in q, o, lse
LANE-ID 4 / { g }
LANE-ID 4 MOD { t }
SCALE 1.4426950408889634 F* { scale2 }

bat split KT split-keys { len start nsteps diag }


\ Slot stg of this warp's ring, K (kv 0) or V (kv 1).
: ring ( stg kv -- saddr )
  SWAP WARP-ID STAGES * + 2 * + KT LG * 16 * * WO + ;

\ The copies of a step's KT keys from kb. Lane copy i takes chunk cl of
\ row i*CRS + rl (cl = LANE-ID % LG, rl = LANE-ID / LG: a warp
\ instruction copies CRS = 32/LG whole rows, 512 consecutive bytes); its
\ swizzled chunk is cl XOR rl XOR ((i*CRS) % 8) (CRS divides 8), so the
\ lane's destinations are a few registers plus constants. Rows from a base
\ and a stride where the step lies in the sequence and (paged) in one
\ page; otherwise each row clamped on its own (the last step of a
\ sequence, or pages smaller than a step).
: lane-row ( -- rl )  LANE-ID LG / ;
: lane-chunk ( -- cl )  LANE-ID LG MOD ;
: copy-dst ( stg i -- saddr )
  CRS * { r }
  0 ring  lane-row r + LG * 16 *  +
  lane-chunk lane-row XOR r 7 AND XOR 16 * + ;
: copy-rows ( kb n b kh stg -- )
  { kb n b kh stg }
  PAGED 0= IF  0 n b kh kv-off lane-chunk 16 * + { a0 }  THEN
  CPS 0 UNROLL DO
    kb I CRS * + lane-row + { key }
    PAGED IF  key n b kh kv-off lane-chunk 16 * +
    ELSE  key n 1- MIN 0 MAX HEAD_DIM * ESZ * a0 +  THEN { a }
    stg I copy-dst { d }
    KC a +  d CP-ASYNC
    VC a +  d KT LG * 16 * + CP-ASYNC
  LOOP ;
: copy-strided ( kb n b kh stg -- )
  { kb n b kh stg }
  PAGED IF HKV ELSE 1 THEN HEAD_DIM * ESZ * { rs }
  kb n b kh kv-off  lane-row rs * +  lane-chunk 16 * + { a0 }
  CPS 0 UNROLL DO
    a0 I CRS * rs * + { a }
    stg I copy-dst { d }
    KC a +  d CP-ASYNC
    VC a +  d KT LG * 16 * + CP-ASYNC
  LOOP ;
\ The warp's step t (keys from start + t*KT) into slot stg, one commit
\ group (empty past the last step, so that the groups count steps).
: copy-step ( t stg start n nsteps b kh -- )
  { t stg st n ns b kh }
  t ns < IF
    t KT * st + { kb }
    PAGED 2 = IF
      kb n b kh stg copy-rows
    ELSE
      kb KT + n <= IF kb n b kh stg copy-strided
      ELSE kb n b kh stg copy-rows THEN
    THEN
  THEN
  CP-ASYNC-COMMIT ;
STAGES 1 > IF
  STAGES 1- 0 UNROLL DO
    I WARPS * WARP-ID +  I  start len nsteps bat kvh copy-step
  LOOP
THEN

\ Q's A fragments (QF, NH cells per 16 features: a0 a2, or a0 a1 a2 a3),
\ straight from global memory: pairs of elements are 32-bit words.
: qpair ( row f -- pair )  SWAP HEAD_DIM * + ESZ * Q + I32@ ;
r0 g + nrows 1- MIN grow + { qa }
r0 g + 8 + nrows 1- MIN grow + { qb }
HEAD_DIM 16 / 0 UNROLL DO
  I 16 * t 2* + { f }
  I NH * { n }
  RB 16 = IF
    qa f qpair n QF!  qb f qpair n 1+ QF!
    qa f 8 + qpair n 2 + QF!  qb f 8 + qpair n 3 + QF!
  ELSE
    qa f qpair n QF!  qa f 8 + qpair n 1+ QF!
  THEN
LOOP
: qfrag ( kk -- a0 a1 a2 a3 )
  NH * { n }
  RB 16 = IF n QF@ n 1+ QF@ n 2 + QF@ n 3 + QF@
  ELSE n QF@ 0 n 1+ QF@ 0 THEN ;
\ One MMA into the 4 floats of SC or OC at n. With RB 8 the floats of
\ rows 8-15 (c2 c3) stay 0 (A's rows are 0 there): kept, because an MMA
\ writes four registers anyway, and zeroing them each time would cost.
: sc-mma ( a0 a1 a2 a3 b0 b1 n -- )
  { n }
  n SC@ n 1+ SC@ n 2 + SC@ n 3 + SC@ MMA
  n 3 + SC! n 2 + SC! n 1+ SC! n SC! ;
: oc-mma ( a0 a1 a2 a3 b0 b1 n -- )
  { n }
  n OC@ n 1+ OC@ n 2 + OC@ n 3 + OC@ MMA
  n 3 + OC! n 2 + OC! n 1+ OC! n OC! ;
\ P's A fragment of keys 16kc.. of the step, from the scores.
: pfrag ( kk -- a0 a1 a2 a3 )
  8 * { n }
  n SC@ n 1+ SC@ PACK
  RB 16 = IF n 2 + SC@ n 3 + SC@ PACK ELSE 0 THEN
  n 4 + SC@ n 5 + SC@ PACK
  RB 16 = IF n 6 + SC@ n 7 + SC@ PACK ELSE 0 THEN ;

RB 8 / 0 UNROLL DO  EMPTY-MAX I ML!  0.0 I 2 + ML!  LOOP

\ Each lane's LDMATRIX row in a slot. K (B of S, not transposed): key
\ 8*(l/16) + l%8, chunk 2kk + (l/8)%2: b0 b1 of 8 keys, then of the next
\ 8. V (transposed): key 8*((l/8)%2) + l%8, chunk 2p + l/16: b0 b1 of 8
\ features, then of the next 8. Both rows are l%8 modulo 8, so the
\ swizzled chunk 2c + x0 XOR l%8 is (2c AND -8) + ((2c AND 7) XOR x): four
\ lane values (kx, vx below) plus constants.
LANE-ID 16 / 8 * LANE-ID 8 MOD + LG * 16 * { krow }
LANE-ID 8 / 2 MOD 8 * LANE-ID 8 MOD + LG * 16 * { vrow }
LANE-ID 8 / 2 MOD  LANE-ID 8 MOD XOR { kx }
LANE-ID 16 /  LANE-ID 8 MOD XOR { vx }
: ld-chunk ( c x -- bytes )  SWAP 2* DUP -8 AND SWAP 7 AND ROT XOR + 16 * ;

\ The last key rows g and g+8 see (their token's).
r0 g + NQ MOD diag + { last0 }
r0 g + 8 + NQ MOD diag + { last8 }

\ ws: the warp's step; sl: its slot in the ring.
WARP-ID 0 BEGIN OVER nsteps < WHILE
  { ws sl }
  ws KT * start + { kb }
  \ Wait for this step's copies (this lane's, then through WARP-SYNC
  \ every lane's), and only then refill the slot of the step before with
  \ the step STAGES - 1 ahead: the WARP-SYNC also orders every lane's
  \ LDMATRIX reads of that slot before the refill's writes (lanes of a
  \ warp are not ordered by program order; racecheck found the refill
  \ issued before it). With one stage that slot is this step's own: a
  \ WARP-SYNC first, then the copies, the wait, the WARP-SYNC.
  STAGES 1 = IF  WARP-SYNC  ws sl start len nsteps bat kvh copy-step  THEN
  STAGES 1 > IF STAGES 2 - ELSE 0 THEN CP-ASYNC-WAIT
  WARP-SYNC
  STAGES 1 > IF
    ws STAGES 1- WARPS * +  sl STAGES + 1- DUP STAGES >= IF STAGES - THEN
    start len nsteps bat kvh copy-step
  THEN
  sl 0 ring { ks }
  sl 1 ring { vs }
  \ S = Q K^T: SC, 4 floats per 8 keys.
  KT 2 / 0 UNROLL DO  0.0 I SC!  LOOP
  HEAD_DIM 16 / 0 UNROLL DO
    I { kk }
    KT 16 / 0 UNROLL DO
      I { p }
      ks krow + p 16 * LG * 16 * +  kk kx ld-chunk + LDMATRIX-X4 { b0 b1 c0 c1 }
      kk qfrag b0 b1 p 8 * sc-mma
      kk qfrag c0 c1 p 8 * 4 + sc-mma
    LOOP
  LOOP
  \ Scaled to base 2; keys past a row's last masked (causal among the new
  \ tokens, the cache's end: only the steps that reach past diag).
  KT 2 / 0 UNROLL DO  I SC@ scale2 F* I SC!  LOOP
  kb KT + 1- diag > IF
    KT 8 / 0 UNROLL DO
      I { jj }
      RB 4 / 0 UNROLL DO
        kb jj 8 * + t 2* + I 2 MOD + { key }
        key I 2 / IF last8 ELSE last0 THEN > IF  -inf jj 4 * I + SC!  THEN
      LOOP
    LOOP
  THEN
  \ Online softmax, rows g (h 0) and g+8 (h 1, RB 16): P into SC.
  RB 8 / 0 UNROLL DO
    I { hf }
    hf ML@ { m }
    m  KT 8 / 0 UNROLL DO
      I 4 * hf 2* + { n }  n SC@ FMAX n 1+ SC@ FMAX
    LOOP quad-max { mnew }
    mnew m F> IF
      m mnew F- FEXP2 { alpha }
      mnew hf ML!
      hf 2 + ML@ alpha F* hf 2 + ML!
      HEAD_DIM 8 / 0 UNROLL DO
        I 4 * hf 2* + { n }
        n OC@ alpha F* n OC!  n 1+ OC@ alpha F* n 1+ OC!
      LOOP
    THEN
    hf 2 + ML@
    KT 8 / 0 UNROLL DO
      I 4 * hf 2* + { n }
      n SC@ mnew F- FEXP2  DUP n SC!  F+
      n 1+ SC@ mnew F- FEXP2  DUP n 1+ SC!  F+
    LOOP
    hf 2 + ML!
  LOOP
  \ O += P V, 16 keys at a time.
  KT 16 / 0 UNROLL DO
    I { kk }
    kk pfrag { a0 a1 a2 a3 }
    HEAD_DIM 16 / 0 UNROLL DO
      I { p }
      vs vrow + kk 16 * LG * 16 * +  p vx ld-chunk + LDMATRIX-X4-T { b0 b1 c0 c1 }
      a0 a1 a2 a3 b0 b1 p 8 * oc-mma
      a0 a1 a2 a3 c0 c1 p 8 * 4 + oc-mma
    LOOP
  LOOP
  ws WARPS +  sl 1+ DUP STAGES >= IF DROP 0 THEN
REPEAT 2DROP

\ Each warp's state to shared memory (WO is the rings: free once every
\ warp is done with its own; the groups still pending are empty ones).
\ Rows of WO are WOS floats apart (padded: fewer bank conflicts).
0 CP-ASYNC-WAIT  BARRIER
RB 8 / 0 UNROLL DO
  I { hf }
  g hf 8 * + { row }
  WARP-ID RB * row + { wr }
  HEAD_DIM 8 / 0 UNROLL DO
    I 4 * hf 2* + { n }
    n OC@ n 1+ OC@  wr WOS * I 8 * + t 2* + FLOATS WO + 2SF!
  LOOP
  hf 2 + ML@ quad-sum { l }
  t 0= IF  hf ML@ wr FLOATS WM + SF!  l wr FLOATS WL + SF!  THEN
LOOP
BARRIER

\ Where warp w left features 4*f4.. of row `row` in WO (rows WOS floats
\ apart).
: wo-unit ( warp row f4 -- addr )
  { w row f4 }  w RB * row + WOS * f4 4 * + FLOATS WO + ;
INCLUDE decode-finish.fs
r0 nrows grow split  bat HKV * kvh + NCH * rc +  finish
