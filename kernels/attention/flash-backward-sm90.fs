\ FlashAttention backward on Hopper (sm_90a), FlashAttention-3's form:
\ INCLUDEd by flash_backward_sm90.forth (-D T bf16 or f16), which declares
\ the header (Q, DOUT (BATCH, HQ, NQ, HEAD_DIM) and K, V
\ (BATCH, HKV, NKV, HEAD_DIM) as strided tensor maps with boxes of 64
\ features, swizzle 128; DK, DV with the strides G_SB, G_SH, G_SN; L2 and
\ DPRE (BATCH*HQ, NQP) as tensor maps of BR floats,
\ from flash_backward_pre.forth), the register arrays and the
\ products:
\   S-MMA  ( desc-k desc-q scale-d -- )   S^T = K Q^T into SACC (m64nBR)
\   DP-MMA ( desc-v desc-do scale-d -- )  dP^T = V dO^T into DPACC
\   DV-MMA ( a0 a1 a2 a3 desc-do -- )     dV += P^T dO into DVACC (RS)
\   DK-MMA ( a0 a1 a2 a3 desc-q -- )      dK += dS^T Q into DKACC (RS)
\   DQ-MMA ( desc-ds desc-k scale-d -- )  dQ = dS K into DQR (m64n64),
\                                         A M-major, B N-major
\   PACK ( x0 x1 -- pair )
\
\ A block owns BC = 128 keys of one K/V head (grid (ceil(NKV/128), HKV,
\ BATCH)) and streams the tiles of BR query rows of every query head of
\ its group (grouped-query attention: dK and dV summed in registers, no
\ atomics, no copies) that see any of its keys. Warpgroup 2 is the
\ producer: one thread loads K and V once and then Q, dO and the rows' L2
\ and D through a QST-stage ring (one FULL and one EMPTY mbarrier a
\ stage). Warpgroups 0 and 1 each own 64 of the keys (wgmma's M) and run,
\ per query tile, with everything transposed so that keys are the rows:
\   S^T = K Q^T and dP^T = V dO^T (both operands in shared memory),
\   P^T = exp2(S^T SCALE log2(e) - L2[query]), dS^T = P^T (dP^T - D[query]),
\   dV += P^T dO and dK += dS^T Q with P^T and dS^T straight from the
\   accumulators' registers (their layout of 16 columns is wgmma's A
\   layout; dO and Q N-major),
\   dQ = dS K: dS^T goes to shared memory (double buffered, so that one
\   warpgroup may write the next while the other still reads this one) and
\   is read back as an M-major A; each warpgroup makes a 64 x 64 part of
\   the tile's dQ (d64: BR = 128 queries, a warpgroup 64 of them; d128:
\   BR = 64, a warpgroup 64 of the features) and adds it to DQACC (f32,
\   zeroed by the op): through a shared tile that one thread adds by TMA
\   reductions (DQ_TMA, FlashAttention-3's way; dq-stage; with DQW that
\   thread is a dQ writer in the producer's warpgroup), or with an
\   atomic a thread and pair of floats; flash_backward_dq_convert.forth
\   scales and converts it afterwards.
\ Registers (consumers, setmaxnreg 240): dK and dV HEAD_DIM/2 f32 each,
\ S^T and dP^T BR/2 each, dQ 32: BR = 8192/HEAD_DIM keeps the sum at 192.
\ With DS_SPLIT (bf16) dS goes into dQ as two 16-bit parts, its rounding
\ and what that lost (a second dS^T buffer and products): rounded once,
\ bf16's dS made dQ's error 2.4 times SDPA's against f64 at N1024 d128 on
\ the H100 (issue 15's test allows 2); f16's rounding is 8 times finer.
\ dK keeps one part: a second RS product needs the lost part's registers
\ while it runs, and they spill (60-96 bytes).
\ Thread 32w + 4g + t of a warpgroup holds, of an m64 accumulator, rows
\ 16w + g + 8r and columns 8j + 2t + c (element 4j + 2r + c).

INCLUDE flash-grid.fs
INCLUDE flash-lpt.fs

\ The mbarriers: K/V full, then per stage s Q/dO full and empty (empty:
\ every consumer thread arrives).
: bar ( i -- addr )  CELLS BARS + ;
: qfull ( s -- addr )  1+ bar ;
: qempty ( s -- addr )  QST + 1+ bar ;
\ DQW: warpgroup wg's dQ tile written (128 arrivals) and read (one).
: dqfull ( wg -- addr )  QST 2* + 1+ bar ;
: dqempty ( wg -- addr )  NCWG + QST 2* + 1+ bar ;
: q-bytes ( -- n )  BR HEAD_DIM * 2* ;        \ a Q or dO tile, 16-bit
: panels ( -- n )  HEAD_DIM 64 / ;
: stage ( i -- s ph )  DUP QST MOD SWAP QST / 1 AND ;
: sw ( o -- o' )  DUP 7 RSHIFT 7 AND 4 LSHIFT XOR ;   \ the 128-byte swizzle

\ `rows` rows from `row` on of batch `b`, head `h` of map `map` into
\ `smem`, one 64-feature panel (rows x 128 bytes) a box, completing on `mbar`
\ (whose bytes the caller has announced).
: load-rows ( b h row mbar smem map rows -- )
  { b h row mbar smem map rows }
  panels 0 DO  b h row I 64 *  mbar  smem I rows * 128 * +  map TMA-LOAD-4D  LOOP ;

\ The query tiles that see this block's keys k0 .. k0 + BC - 1, per query
\ head: from qstart on, qtiles of them (flash-grid.fs first-query and
\ last-query: causal or a window).
: qstart ( k0 -- t )  first-query 0 MAX BR / ;
: qend ( k0 -- t )  BC + len-kv MIN 1- last-query 1+ len-q MIN 0 MAX BR tiles ;

\ The block order (flash-lpt.fs), over (batch, K/V head) pairs and key
\ blocks: with LPT every head's heaviest blocks (causal: the first keys,
\ seen by the most queries) start first within a group, whose Q, dO and
\ dQ sums stay in L2; the last group's blocks past BATCH*HKV pairs leave.
: kblock ( -- i )  lpt-tile ;
HKV lpt-pair { pair }
pair BATCH HKV * >= IF EXIT THEN
pair HKV /MOD { kv-head-id batch-id }
\ VARLEN: the pair's batch is a sequence (flash-grid.fs set-seq); its rows
\ in the tensors start at q-off and kv-off of batch 0, and the grid's key
\ blocks are the longest sequence's: a shorter one's past its keys leave.
batch-id set-seq
kblock BC * { k0 }
HQ HKV / { group }
VARLEN IF k0 len-kv >= IF EXIT THEN THEN
kv-head-id group * { h0 }                 \ the first query head of the group
\ The query tiles: the kernel's own rules', narrowed to those a
\ MASK-MOD's block mask lists for this key block (any of the group's
\ query heads).
k0 qstart  k0 qend  batch-id h0 group kblock mods-narrow { qt0 qe }
qe qt0 - 0 MAX { per-head }
group per-head * { niters }
\ Iteration i: query head (of HQ) and first query row.
: iter-q ( it per-head qt0 h0 -- h q0 )
  { it per-head qt0 h0 }
  it per-head /MOD { qi hh }
  h0 hh +  qi qt0 + BR * ;
\ A query head's (batch, head) in L2, DPRE and DQACC (dense): qh0 + h.
VARLEN IF 0 ELSE batch-id HQ * THEN { qh0 }

TID-X 0= IF
  1 0 bar MBAR-INIT
  QST 0 DO  1 I qfull MBAR-INIT  NCWG 128 * I qempty MBAR-INIT  LOOP
  dqw IF  NCWG 0 DO  128 I dqfull MBAR-INIT  1 I dqempty MBAR-INIT  LOOP  THEN
  FENCE-MBAR-INIT
THEN
BARRIER
\ PDL: launched while the pre kernel runs (its blocks began), this grid
\ lets the dQ convert kernel launch in turn and waits for the pre kernel's
\ D, L2 and zeroed dQ sums before anything touches global memory.
PDL IF GRID-DEP-LAUNCH GRID-DEP-WAIT THEN
TID-X 128 / { wg }

\ Consumer words; wg is the warpgroup, its keys k0 + 64wg on.
\ S^T and dP^T of stage s: HEAD_DIM/16 k16 steps (four a 64-feature panel).
: sdp-issue ( wg s -- )
  { wg s }
  HEAD_DIM 16 / 0 UNROLL DO
    I 4 / BC * 128 * wg 8192 * +  I 4 MOD 32 * + { ka }
    I 4 / BR * 128 * s q-bytes * +  I 4 MOD 32 * + { qa }
    KS ka + 16 1024 128 WGMMA-DESC  QS qa + 16 1024 128 WGMMA-DESC
    I 0<> S-MMA
    VS ka + 16 1024 128 WGMMA-DESC  DOS qa + 16 1024 128 WGMMA-DESC
    I 0<> DP-MMA
  LOOP ;
\ The 8 bytes a lane stores of 16 features of a row, from its packed
\ pairs a (features 2t, 2t + 1) and c (8 + 2t, 8 + 2t + 1): even lanes
\ take their a and lane t + 1's, odd ones lane t - 1's c and their c (one
\ shuffle, every lane taking part).
: pair-8 ( a c odd -- cell )
  { a c odd }  odd IF a ELSE c THEN 1 SHFL-XOR { x }
  odd IF x c ELSE a x THEN  32 LSHIFT SWAP 4294967295 AND OR ;

\ dV += P^T dO and dK += dS^T Q, 16 queries a step (16 rows of 128 bytes
\ of the N-major tiles, 64-feature panels BR*128 bytes apart).
: dkv-issue ( s -- )
  { s }
  BR 16 / 0 UNROLL DO
    s q-bytes * I 2048 * + { at }
    I 4 * P@  I 4 * 1+ P@  I 4 * 2 + P@  I 4 * 3 + P@
    DOS at + BR 128 * 1024 128 WGMMA-DESC  DV-MMA
    I 4 * DSP@  I 4 * 1+ DSP@  I 4 * 2 + DSP@  I 4 * 3 + DSP@
    QS at + BR 128 * 1024 128 WGMMA-DESC  DK-MMA
  LOOP ;
\ dS^T buffer b (b + 2 for the lost part with DS_SPLIT): 128 keys x BR
\ queries, [query panel][key][64 queries],
\ 128-byte swizzled. Thread (g, t) writes keys whose row in the swizzle
\ pattern is g, and queries 8jg + 2t, 8jg + 2t + 1: the pair's 16-byte
\ chunk jg % 8 lands at chunk (jg % 8) XOR g, so the address is one
\ XOR of the thread's base (`ds-base`: key's row, chunk g, 4t) away. The
\ XOR is on offsets from DSS (aligned to 1024 in the block's shared
\ memory, not necessarily as a host address on the CPU backend).
: ds-base ( b key -- off )  128 * LANE-ID 4 / 16 * + LANE-ID 4 MOD 4 * +  SWAP BC BR * 2* * + ;
: ds-at ( base jg -- addr )  DUP 8 MOD 16 * ROT XOR  SWAP 8 / BC 128 * * +  DSS + ;
\ With STM, STMATRIX-X4 writes four 8 x 8 blocks of dS^T a go (an 8-key
\ by 8-query block is the accumulator layout's: row g, columns 2t, 2t +
\ 1), a quarter of the stores: lane L gives the address of key row L % 8
\ of block L / 8, whose chunk is (its query group jg % 8) XOR that row.
: stm-base ( b key -- off )  DUP 8 MOD 16 * SWAP 128 * +  SWAP BC BR * 2* * + ;
\ What PACK loses of two floats (x - x rounded), packed in turn.
: lost ( x0 x1 -- pair )
  { x0 x1 }  x0 x1 PACK UNPACK { h0 h1 }  x0 h0 F-  x1 h1 F-  PACK ;
\ dQ's part of warpgroup wg: queries 64(wg % (BR/64)) on, features
\ 64(wg / (BR/64)) on; keys 16 a step.
: qhalf ( wg -- n )  BR 64 / MOD ;
: fpanel ( wg -- n )  BR 64 / / ;
\ The tile's dQ is nparts such parts, warpgroup wg making parts wg,
\ wg + NCWG, .. (nparts a multiple of NCWG, or less than it).
: nparts ( -- n )  BR 64 / panels * ;
\ DQW (where each consumer warpgroup makes one part an iteration): a thread
\ of the producer's warpgroup issues the reductions (FlashAttention-3's dQ
\ writer), so that the consumer warpgroups do not wait at a barrier of
\ their own: they write the tile and arrive at dqfull; their leader waits
\ (dqempty) only before the next write.
: dqw ( -- flag )  DQ_TMA 0<>  DQW 0<> AND  nparts NCWG = AND ;
\ Else each consumer warpgroup's leader issues them (after a barrier of
\ the warpgroup) and waits for them to have read the tile.
: leader-adds ( -- flag )  DQ_TMA 0<>  dqw 0= AND ;
: dq-issue ( wg b -- )
  { wg b }
  DS_SPLIT 1+ 0 UNROLL DO I { part }
    BC 16 / 0 UNROLL DO
      DSS b part 2* + BC BR * 2* * +  wg qhalf BC * 128 * +  I 2048 * +
      BC 128 * 1024 128 WGMMA-DESC
      KS  wg fpanel BC * 128 * +  I 2048 * +  BC 128 * 1024 128 WGMMA-DESC
      I part OR 0<> DQ-MMA
    LOOP
  LOOP ;

\ dQ's 64 x 64 part (DQR) added to DQACC's rows from qrow0 on (keys kr and
\ kr + 8 of the thread's warp: its rows qrow0 and qrow0 + 8) of query head
\ qh, features 64fp on. The tile's sums from every key block meet there,
\ so these atomics are the kernel's heaviest memory traffic (without them
\ the kernel ran twice as fast on an H100): `vec` floats an access. vec 1
\ and 2: the thread's own pairs (columns 2t, 2t + 1 of each 8); vec 4:
\ lanes t and t ^ 1 swap halves by shuffles, so that even t holds four
\ columns 2t .. 2t + 3 of row qrow0 and odd t those of row qrow0 + 8.
: dq-add ( qrow0 qh fp vec -- )
  { qrow0 qh fp vec }
  LANE-ID 4 MOD { t }
  vec 4 = IF
    t 1 AND { odd }
    qrow0 odd 8 * + { qrow }
    qh NQ * qrow + HEAD_DIM * fp 64 * + t 2 AND 2* + 4 * DQACC + { dst }
    8 0 UNROLL DO
      I 4 * DQR@ { a0 }  I 4 * 1+ DQR@ { a1 }
      I 4 * 2 + DQR@ { b0 }  I 4 * 3 + DQR@ { b1 }
      odd IF a0 ELSE b0 THEN 1 FSHFL-XOR { p0 }
      odd IF a1 ELSE b1 THEN 1 FSHFL-XOR { p1 }
      qrow NQ < IF
        odd IF  p0 p1 b0 b1  ELSE  a0 a1 p0 p1  THEN
        dst I 32 * + 4FATOMIC-ADD-F32
      THEN
    LOOP
  ELSE
    2 0 UNROLL DO I { r }
      qrow0 r 8 * + { qrow }
      qrow NQ < IF
        qh NQ * qrow + HEAD_DIM * fp 64 * + t 2* + 4 * DQACC + { dst }
        8 0 UNROLL DO
          I 4 * r 2* + { n }
          vec 2 = IF
            n DQR@ n 1+ DQR@  dst I 32 * + 2FATOMIC-ADD-F32
          ELSE
            n DQR@  dst I 32 * + FATOMIC-ADD DROP
            n 1+ DQR@  dst I 32 * + 4 + FATOMIC-ADD DROP
          THEN
        LOOP
      THEN
    LOOP
  THEN ;

\ With DQ_TMA the part goes to warpgroup wg's tile in DQS instead, as two
\ boxes of DQMAP (64 rows x 32 features, 128-byte swizzled: thread (g, t)'s
\ features 8j + 2t, 8j + 2t + 1 of row 16w + g + 8r sit in box j / 4, in
\ the row's 16-byte chunk (2(j % 4) + t / 2) XOR g, g being the row's
\ place in the swizzle pattern), and one thread adds both into DQACC by
\ TMA reductions (FlashAttention-3's way): two instructions a part instead
\ of 16 atomics a thread. That thread is the dQ writer (dqw: dqfull tells
\ it the tile is written, dqempty the warpgroup's leader that it is read)
\ or the warpgroup's leader (leader-adds: its TMA-STORE-WAIT before the
\ tile is written again).
: dq-tile ( wg -- addr )  16384 * DQS + ;
\ Both boxes of part `part` from warpgroup wg's tile (one thread).
: dq-reduce ( q0 qh part wg -- )
  { q0 qh part wg }
  2 0 UNROLL DO
    qh  q0 part qhalf 64 * +  part fpanel 64 * I 32 * +
    wg dq-tile I 8192 * +  DQMAP TMA-REDUCE-ADD-3D
  LOOP
  TMA-STORE-COMMIT ;
: dq-stage ( q0 qh part wg -- )
  { q0 qh part wg }
  LANE-ID 4 / { g }  LANE-ID 4 MOD { t }
  wg dq-tile  TID-X 127 AND 32 / 16 * g + 128 * +  t 1 AND 8 * + { base }
  2 0 UNROLL DO I { r }
    8 0 UNROLL DO
      I 4 * r 2* + { n }
      n DQR@ n 1+ DQR@
      base r 1024 * +  I 4 / 8192 * +  I 4 MOD 2* t 2 / + g XOR 16 * +  2SF!
    LOOP
  LOOP
  FENCE-PROXY-ASYNC
  dqw IF
    wg dqfull MBAR-ARRIVE
  ELSE
    wg 2 + 128 BAR-SYNC-N                  \ the warpgroup's part is there
    TID-X 127 AND 0= IF  q0 qh part wg dq-reduce  THEN
  THEN ;

\ Part `part` (in DQR) of the tile from q0 of (batch, query head) qh into
\ DQACC; `row` is the thread's first row of it (16w + g), wg its warpgroup.
: dq-part ( q0 qh part row wg -- )
  { q0 qh part row wg }
  DQ_TMA IF
    q0 qh part wg dq-stage
  ELSE
    q0 part qhalf 64 * + row + qh part fpanel DQ_VEC dq-add
  THEN ;

\ P^T and dS^T in place from S^T and dP^T of stage s, with the rows' L2
\ and D from shared memory (two neighbouring queries at once).
\ `edge` (a constant: only tiles that reach past the keys or the queries, or
\ causal past a query's diagonal, pay for it) zeroes P^T where the key or
\ the query is past the end or the key after the query's diagonal.
\ Two neighbouring floats of L2 or D: one 8-byte load, or with VARLEN
\ (whose rows may stand off 8 bytes: l2-shift) two.
: pair@ ( addr -- x0 x1 )  VARLEN IF DUP SF@ SWAP 4 + SF@ ELSE 2SF@ THEN ;
\ MASK-MOD's answers for the thread's scores of S^T, a bit each (bit
\ 4jg + 2r + c: query q0 + 8jg + 2t + c, key key0 + 8r, set where
\ hidden), asked in a loop that is not unrolled (unrolled, ptxas issued
\ the user's loads for every score first and spilled: 336 bytes with a
\ document mask).
: mod-bits ( b h q0 key0 -- bits )
  { mb mh q0 key0 }
  0  BR 8 / 0 DO  I { jg }
    2 0 UNROLL DO  I { c }
      2 0 UNROLL DO
        0 -1 mb mh  q0 jg 8 * + LANE-ID 4 MOD 2* + c +  key0 I 8 * +
        mod-masked IF  1  jg 4 * I 2* + c +  LSHIFT OR  THEN
      LOOP
    LOOP
  LOOP ;
: p-ds ( b h edge ls ds s q0 key0 scale2 -- )
  { mb mh edge lsb dsb s q0 key0 scale2 }
  s LSS * 4 * l2-shift 4 * + { so }
  MODS-MASK IF mb mh q0 key0 mod-bits ELSE 0 THEN { hidden }
  \ Relative to the thread's key0 and the tile's q0: key key0 + 8r and
  \ query q0 + x are hidden when 8r >= kmax, x >= qmax, 8r > x + dlt
  \ (after the query's last key) or 8r < x + dlo (before its first).
  len-kv key0 - { kmax }  len-q q0 - { qmax }
  q0 last-key key0 - { dlt }  q0 first-key key0 - { dlo }
  BR 8 / 0 UNROLL DO I { jg }
    jg 8 * LANE-ID 4 MOD 2* + { ql }
    lsb so + ql 4 * + pair@ { l0 l1 }
    dsb so + ql 4 * + pair@ { d0 d1 }
    2 0 UNROLL DO I { c }
      c IF l1 d1 ELSE l0 d0 THEN { lv dd }
      2 0 UNROLL DO I { r }
        jg 4 * r 2* + c + { n }
        \ SOFTCAP: P from the capped score, dS^T through tanh's
        \ derivative 1 - tanh^2 (SCALE follows, as without the cap).
        \ The user's words (flash-mods.fs; edge is then always on):
        \ query q0 + ql + c, key key0 + 8r.
        q0 ql + c + { qrow }  key0 r 8 * + { kcol }
        n SACC@  SOFTCAP IF softcap-pre F* FTANH-APPROX THEN { sv }
        sv mb mh qrow kcol scored  scale2 F* lv F- FEXP2 { p }
        edge IF
          r 8 * kmax >=  ql c + qmax >=  OR
          bounded IF r 8 * ql c + dlt + > OR THEN
          LOCAL IF r 8 * ql c + dlo + < OR THEN
          MODS-MASK IF  hidden n RSHIFT 1 AND 0<> OR  THEN  IF 0.0 TO p THEN
        THEN
        p n SACC!
        n DPACC@ dd F- p F*  SOFTCAP IF 1.0 sv sv F* F- F* THEN
        sv mb mh qrow kcol mod-grad  n DPACC!
      LOOP
    LOOP
  LOOP ;

wg NCWG = IF
  PREGS SETMAXNREG-DEC
  TID-X 127 AND 0= IF
    BC HEAD_DIM * 4 * 0 bar MBAR-ARRIVE-TX
    batch-id tma-batch kv-head-id k0 kv-off + 0 bar KS K BC load-rows
    batch-id tma-batch kv-head-id k0 kv-off + 0 bar VS V BC load-rows
    niters 0 ?DO
      I stage { s ph }
      I per-head qt0 h0 iter-q { h q0 }
      qh0 h + { qh }
      ph 1 XOR  s qempty MBAR-WAIT
      q-bytes 2* L2BOX 8 * +  s qfull MBAR-ARRIVE-TX
      batch-id tma-batch h q0 q-off + s qfull  QS s q-bytes * +  Q BR load-rows
      batch-id tma-batch h q0 q-off + s qfull  DOS s q-bytes * +  DOUT BR load-rows
      qh q0 q-off + l2-shift - s qfull  LS s LSS * 4 * +  L2 TMA-LOAD-2D
      qh q0 q-off + l2-shift - s qfull  DS s LSS * 4 * +  DPRE TMA-LOAD-2D
    LOOP
  THEN
  \ DQW: lane 0 of warp 1 + cw adds consumer warpgroup cw's parts.
  TID-X 127 AND 32 / 1- { cw }
  dqw  LANE-ID 0= AND  cw 0 >= AND  cw NCWG < AND IF
    niters 0 ?DO
      I per-head qt0 h0 iter-q { h q0 }
      I 1 AND  cw dqfull MBAR-WAIT
      q0 q-off + qh0 h + cw cw dq-reduce
      0 TMA-STORE-WAIT
      cw dqempty MBAR-ARRIVE
    LOOP
  THEN
ELSE
  CREGS SETMAXNREG-INC
  TID-X 127 AND 32 / { w }
  LANE-ID 4 / { g }
  LANE-ID 4 MOD { t }
  w 16 * g + { kr }                       \ keys kr and kr + 8 of the warpgroup's
  k0 wg 64 * + kr + { key0 }
  score-scale2 { scale2 }
  TID-X 127 AND 0= { leader }             \ releases the stages
  HEAD_DIM 2 / 0 UNROLL DO  0.0 I DVACC!  0.0 I DKACC!  LOOP
  0 0 bar MBAR-WAIT
  niters 0 ?DO
    I stage { s ph }
    I per-head qt0 h0 iter-q { h q0 }
    I 2 MOD { b }
    ph s qfull MBAR-WAIT
    WGMMA-FENCE
    wg s sdp-issue
    WGMMA-COMMIT  0 WGMMA-WAIT
    q0 BR + len-q >
    \ (With MASK-MOD every tile takes the masked path: p-ds inlined once,
    \ which the user's words make large.)
    MODS-MASK IF
      DROP  batch-id h -1 LS DS s q0 key0 scale2 p-ds
    ELSE
      k0 wg 64 * +  DUP 63 +  q0  q0 BR + 1-  range-masked  OR IF
        batch-id h -1 LS DS s q0 key0 scale2 p-ds
      ELSE
        batch-id h 0 LS DS s q0 key0 scale2 p-ds
      THEN
    THEN
    \ 16-bit pairs for the RS products; with DS_SPLIT what dS^T loses to
    \ the packing goes into buffer b + 2 pair by pair (so that dS^T's f32
    \ registers are freed as they are packed); then dS^T into buffer b.
    b 2 + wg 64 * kr + ds-base { lo0 }
    b 2 + wg 64 * kr + 8 + ds-base { lo1 }
    BR 4 / 0 UNROLL DO
      I 2* { n }
      n SACC@ n 1+ SACC@ PACK I P!
      n DPACC@ n 1+ DPACC@ { x0 x1 }
      x0 x1 PACK DUP I DSP!
      DS_SPLIT IF
        UNPACK { h0 h1 }  x0 h0 F-  x1 h1 F-  PACK
        I 2 MOD IF lo1 ELSE lo0 THEN  I 2 / ds-at SI32!
      ELSE DROP THEN
    LOOP
    STM IF
      \ Blocks (jg, r 0), (jg, r 1), (jg + 1, r 0), (jg + 1, r 1): DSP
      \ 2jg + r, in lanes 0-7, 8-15, 16-23, 24-31.
      LANE-ID 16 / { jh }
      b  wg 64 * w 16 * +  LANE-ID 8 / 1 AND 8 * +  LANE-ID 8 MOD +
      stm-base { base }
      BR 16 / 0 UNROLL DO
        I 4 * DSP@  I 4 * 1+ DSP@  I 4 * 2 + DSP@  I 4 * 3 + DSP@
        base  I 2* jh +  ds-at STMATRIX-X4
      LOOP
    ELSE
      2 0 UNROLL DO I { r }
        b wg 64 * kr + r 8 * + ds-base { base }
        BR 8 / 0 UNROLL DO
          I 2* r + DSP@  base I ds-at SI32!
        LOOP
      LOOP
    THEN
    FENCE-PROXY-ASYNC
    WGMMA-FENCE
    s dkv-issue
    WGMMA-COMMIT
    \ (and with DQ_TMA, the last iteration's reductions have read DQS:
    \ without the writer, the leader's wait, which every thread executes
    \ since the others have none in flight; with it, dqempty's)
    leader-adds IF  0 TMA-STORE-WAIT  THEN
    dqw leader AND  I 0> AND IF  I 1- 1 AND  wg dqempty MBAR-WAIT  THEN
    1 NCWG 128 * BAR-SYNC-N                \ every warpgroup's dS^T is there
    \ dQ's 64 x 64 parts wg, wg + NCWG, .. into DQACC; the first one's
    \ products run with dK's and dV's, which are the last to read stage s.
    wg nparts < { makes-dq }             \ (true unless nparts < NCWG)
    makes-dq IF  wg b dq-issue  WGMMA-COMMIT  THEN
    0 WGMMA-WAIT
    \ Every consumer thread, as each read L2 and D from the stage (p-ds):
    \ an arrival orders only the arriving thread's reads before the
    \ producer's next copy there (docs/sanitizer.md).
    s qempty MBAR-ARRIVE
    makes-dq IF  q0 q-off + qh0 h + wg kr wg dq-part  THEN
    nparts NCWG / 1 MAX 1 UNROLL ?DO
      I NCWG * wg + { part }
      WGMMA-FENCE  part b dq-issue  WGMMA-COMMIT  0 WGMMA-WAIT
      leader-adds IF  0 TMA-STORE-WAIT  wg 2 + 128 BAR-SYNC-N  THEN
      q0 q-off + qh0 h + part kr wg dq-part
    LOOP
  LOOP
  leader-adds IF  0 TMA-STORE-WAIT  THEN   \ DQS is read before the exit
  \ dV and dK (times SCALE) of keys key0 and key0 + 8, 8 bytes a store:
  \ of 16 features, lanes t and t ^ 1 swap a pair so that even t holds
  \ features 2t .. 2t + 3 and odd t 8 + 2(t - 1) .. (4-byte stores left
  \ half of each 32-byte sector to another store, and the stores' queue
  \ stalled the consumers: 4% of the samples at d128). Aligned: the op's
  \ dK and dV have contiguous features and strides of whole rows.
  VARLEN IF kv-off G_SN * ELSE batch-id G_SB * THEN  kv-head-id G_SH * +
  { g-head }
  t 1 AND { odd }
  t odd - 2* odd 8 * + { f0 }               \ this lane's first feature
  2 0 UNROLL DO I { r }
    key0 r 8 * + { key }
    g-head key G_SN * + f0 + 2* { dst }
    HEAD_DIM 16 / 0 UNROLL DO
      I 8 * r 2* + { n }                    \ features 16I + 2t, + 1
      n DVACC@ n 1+ DVACC@ PACK  n 4 + DVACC@ n 5 + DVACC@ PACK
      odd pair-8  key len-kv < IF  DV dst + I 32 * + !  ELSE DROP THEN
      n DKACC@ SCALE F*  n 1+ DKACC@ SCALE F*  PACK
      n 4 + DKACC@ SCALE F*  n 5 + DKACC@ SCALE F*  PACK
      odd pair-8  key len-kv < IF  DK dst + I 32 * + !  ELSE DROP THEN
    LOOP
  LOOP
THEN
