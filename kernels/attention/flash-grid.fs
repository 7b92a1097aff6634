\ The grid, heads and causal ranges of the FlashAttention-2 forward kernels
\ (flash_attention_f32.forth and its 16-bit siblings), INCLUDEd right after
\ their headers. Each declares the constants HEAD_DIM, CAUSAL, LOCAL,
\ SOFTCAP, VARLEN, PAGED, BR (query rows per block) and BC (keys per tile), the
\ params NQ, NKV, HQ, HKV, BATCH, WL, WR, SCALE, CAP, CU_Q and CU_K and the
\ register array SEQ (i64[5]):
\  - Q and O are (BATCH, HQ, NQ, HEAD_DIM), K and V (BATCH, HKV, NKV,
\    HEAD_DIM), LSE (BATCH, HQ, NQ), all contiguous;
\  - grid (ceil(NQ/BR), HQ, BATCH): a block takes BR query rows of query
\    head BID-Y of batch BID-Z, which reads K/V head BID-Y / (HQ/HKV)
\    (grouped-query attention; HKV divides HQ);
\  - CAUSAL: query row i sees keys j <= i + NKV - NQ (the diagonal at the
\    bottom right, as after NKV - NQ cached keys). With NQ > NKV the first
\    NQ - NKV rows see no key: their O is 0 and their LSE -inf.
\  - LOCAL (a sliding window, FlashAttention's window_size): query row i
\    sees keys j with i + NKV - NQ - WL <= j <= i + NKV - NQ + WR; the op
\    passes a bound past every key for an unlimited side (and WR 0 when
\    causal). Tiles outside every row's window are not visited.
\  - SOFTCAP: scores become CAP tanh(s SCALE / CAP) before the softmax
\    (Gemma 2's, FlashAttention's softcap).
\  - VARLEN (packed sequences, FlashAttention's varlen API): Q, K, V, O
\    are (1, H, NQ or NKV, HEAD_DIM), NQ and NKV the total rows, and
\    sequence s (of BATCH) the rows CU_Q[s] .. CU_Q[s+1] - 1 of Q and O
\    (CU_K[s] .. of K and V), attended on its own: every rule above holds
\    per sequence, with len-q and len-kv its lengths (set-seq; the words below
\    use len-q and len-kv, which are NQ and NKV without VARLEN).
\  - The user's words (flash-mods.fs, INCLUDEd before this file): MASK-MOD
\    hides scores (masked as a window's are), SCORE-MOD changes them after
\    the scale and the cap (scored, score-scale2); with MODS-BLOCKS a query
\    tile visits the key tiles of its list (key-tile) instead of a range.

\ The max and the sum over the four lanes (t = 0..3) that share a row of
\ an MMA accumulator.
: quad-max ( x -- x' )  DUP 1 FSHFL-XOR FMAX  DUP 2 FSHFL-XOR FMAX ;
: quad-sum ( x -- x' )  DUP 1 FSHFL-XOR F+  DUP 2 FSHFL-XOR F+ ;
-1.0e30 CONSTANT MASKED   \ finite: exp(MASKED - m) is 0, never NaN
\ Without LOCAL a row that sees any key sees key 0 (of the first tile), so
\ its running max is a real score from the first tile on, and its MASKED
\ keys add nothing. With a window a row's first tiles may hold none of
\ its keys: masked scores are then -inf (masked-score), so that a running
\ max that starts at MASKED stays there, finite, until a real score comes,
\ and each masked key adds exp(-inf) = 0.
: masked-score ( -- x )  LOCAL MODS-MASK OR IF -1.0 0.0 F/ ELSE MASKED THEN ;
\ MASK-MOD and SCORE-MOD may leave a row without any key anywhere: its
\ sum is then 0 (see finish).
: mods ( -- flag )  MODS-MASK MODS-SCORE OR ;

: tiles ( n size -- count )  DUP 1- ROT + SWAP / ;
\ VARLEN: sequence s's first rows and lengths, into SEQ (q-off len-q
\ kv-off len-kv s) for the words below; once per block, or per item where
\ blocks take several. The bounds are clamped into the tensors' rows
\ (without PAGED, whose CU_K counts keys, not rows), each sequence's end
\ at or after its start: cu_seqlens that the op cannot read (on the GPU)
\ give wrong rows, never an access outside Q, K, V or O.
: set-seq ( s -- )
  VARLEN IF
    4 * { s4 }
    CU_Q s4 + I32@ 0 MAX NQ MIN { q0 }
    CU_Q s4 + 4 + I32@ q0 MAX NQ MIN { q1 }
    CU_K s4 + I32@ 0 MAX  PAGED 0= IF NKV MIN THEN { k0 }
    CU_K s4 + 4 + I32@ k0 MAX  PAGED 0= IF NKV MIN THEN { k1 }
    q0 0 SEQ!  q1 q0 - 1 SEQ!  k0 2 SEQ!  k1 k0 - 3 SEQ!  s4 4 / 4 SEQ!
  ELSE DROP THEN ;
: q-off ( -- row )  VARLEN IF 0 SEQ@ ELSE 0 THEN ;
: len-q ( -- n )  VARLEN IF 1 SEQ@ ELSE NQ THEN ;
: kv-off ( -- row )  VARLEN IF 2 SEQ@ ELSE 0 THEN ;
: len-kv ( -- n )  VARLEN IF 3 SEQ@ ELSE NKV THEN ;
\ The backward's L2 and D (flash-backward-pre.fs) have a row of NQP (a
\ multiple of 4) floats a head: where VARLEN's sequence's first row stands
\ from a 16-byte boundary, from which the copies of them must start.
: l2-shift ( -- n )  VARLEN IF q-off 3 AND ELSE 0 THEN ;
\ The batch coordinate of a tensor map (TMA) of the packed tensors: 0.
: tma-batch ( batch-id -- b )  VARLEN IF DROP 0 THEN ;
\ Causal: query row i sees keys up to i + diagonal.
: diagonal ( -- n )  len-kv len-q - ;
\ Whether a row's last key depends on the row (causal or a window).
: bounded ( -- flag )  CAUSAL LOCAL OR ;
\ The last and first key that row `row` sees (either may lie outside the
\ keys: a row whose last key is negative sees none).
: last-key ( row -- key )
  LOCAL IF diagonal + WR + ELSE CAUSAL IF diagonal + ELSE DROP len-kv 1- THEN THEN ;
: first-key ( row -- key )  LOCAL IF diagonal + WL - ELSE DROP 0 THEN ;
\ Whether key `col` is masked for row `row`.
: key-masked ( col row -- flag )
  { col row }  col len-kv >=
  bounded IF col row last-key > OR THEN
  LOCAL IF col row first-key < OR THEN ;
\ Whether the keys klo .. khi need masks for the rows rlo .. rhi (some key
\ past the end, after rlo's last or before rhi's first), and the tile of
\ BC keys from k0.
: range-masked ( klo khi rlo rhi -- flag )
  { klo khi rlo rhi }  khi len-kv >=
  bounded IF khi rlo last-key > OR THEN
  LOCAL IF klo rhi first-key < OR THEN ;
: tile-masked ( k0 rlo rhi -- flag )  >R >R DUP BC + 1- R> R> range-masked ;
\ The backward's other way round: the first and the last query row that
\ sees key `key` (either may lie outside the rows).
: first-query ( key -- row )
  bounded IF diagonal -  LOCAL IF WR - THEN ELSE DROP 0 THEN ;
: last-query ( key -- row )  LOCAL IF diagonal - WL + ELSE DROP len-q 1- THEN ;
\ SOFTCAP: a raw score times softcap-pre, through tanh, is the capped
\ score over CAP; score-scale2 takes either to log2 units.
: softcap-pre ( -- x )  SCALE CAP F/ ;
: score-scale2 ( -- x )
  MODS-SCORE IF 1.0 ELSE SOFTCAP IF CAP ELSE SCALE THEN THEN
  1.4426950408889634 F* ;
\ The user's words see only real rows and keys (their results elsewhere
\ are masked or never stored): MASK-MOD and SCORE-MOD may index arrays
\ by q and k.
: in-seq ( row col -- flag )  len-kv <  SWAP len-q <  AND ;
\ A score as the softmax takes it: `x`, the raw score (q.k) or with
\ SOFTCAP its tanh (x softcap-pre through tanh), of query `row` and key
\ `col` of (batch, head) (b, h). With SCORE-MOD, the user's word on the
\ scaled (capped) score; score-scale2 is then only the change to base 2.
: mod-input ( x -- s )  SOFTCAP IF CAP ELSE SCALE THEN F* ;
: scored ( x b h row col -- x' )
  MODS-SCORE IF
    { b h row col }  mod-input
    row col in-seq IF  b h row col SCORE-MOD  THEN
  ELSE 2DROP 2DROP THEN ;
\ The backward's dS through SCORE-MOD's derivative: `x` as scored takes
\ it, `ds` the gradient of the modded score.
: mod-grad ( ds x b h row col -- ds' )
  MODS-GRAD IF
    { x b h row col }
    row col in-seq IF  x mod-input b h row col SCORE-MOD-GRAD F*  THEN
  ELSE 2DROP 2DROP DROP THEN ;
\ MASK-MOD where a tile's list says it hides some scores (partial), with
\ `flag` the kernel's own mask of the score.
: mod-masked ( flag partial b h row col -- flag' )
  MODS-MASK IF
    { partial b h row col }
    partial IF  row col in-seq IF  b h row col MASK-MOD 0= OR  THEN  THEN
  ELSE 2DROP 2DROP DROP THEN ;
\ Key tile i of a query tile's visit from t0 on: t0 + i, or with
\ MODS-BLOCKS its list's entry t0 + i (t0 the list's first).
: key-tile ( t0 i -- t )  + MODS-BLOCKS IF mods-tile 2/ THEN ;
: key-partial ( t0 i -- flag )
  MODS-BLOCKS IF + mods-tile 1 AND 0<> ELSE 2DROP 0 THEN ;
\ Its bit mask's slot (-1: none).
: key-slot ( t0 i -- slot )  MODS-BLOCKS IF + mods-slot ELSE 2DROP -1 THEN ;
\ The hidden bits of a thread's keys c0 + 8j + i (c0 = 2t, t the lane's
\ quad index) of row `row` of a partial tile (both counted from the
\ tile's first), from its bit mask in slot `slot` (flash_block_mask.forth:
\ BC/32 words a row rounded up, bit c of word w for column 32w + c): bit
\ 2j + i. (I32@ extends the sign: bits past 31 are never read.)
: row-bits ( slot row c0 -- bits )
  { slot row c0 }
  0  BC 31 + 32 / 0 UNROLL DO
    slot  row BC 31 + 32 / * I +  mods-word  c0 RSHIFT { w }
    4 0 UNROLL DO
      J 4 * I + BC 8 / < IF
        w I 8 * RSHIFT 3 AND  J 4 * I + 2* LSHIFT OR
      THEN
    LOOP
  LOOP ;
\ The backward's tiles: MODS-BLOCKS' list lt of the query heads h0 ..
\ h0 + n - 1 of batch b as one range of the tiles it lists, lo .. hi - 1
\ (the union over the heads; lo >= hi: none), which the kernel's own
\ range is narrowed to (mods-narrow).
: mods-range ( b h0 n lt -- lo hi )
  { b h0 n lt }  1 30 LSHIFT  0
  n 0 ?DO
    b HQ * h0 + I + lt mods-tiles { first count }
    count IF
      first mods-tile 2/ ROT MIN SWAP
      first count + 1- mods-tile 2/ 1+ MAX
    THEN
  LOOP ;
: mods-narrow ( start end b h0 n lt -- start' end' )
  MODS-BLOCKS IF
    mods-range { lo hi }  hi MIN SWAP lo MAX SWAP
  ELSE 2DROP 2DROP THEN ;
\ Rows past the end read the last row (their results are never stored).
: q-in-bounds ( row -- row' )  len-q 1- MIN ;
: kv-in-bounds ( key -- key' )  len-kv 1- MIN ;
\ The first row of this block's query head in Q, O (times HEAD_DIM) and
\ LSE, and of its K/V head in K and V (VARLEN: of its sequence, BID-Z).
: q-head ( -- row )
  VARLEN IF BID-Y NQ * q-off + ELSE BID-Z HQ * BID-Y + NQ * THEN ;
: kv-head ( -- row )
  VARLEN IF BID-Y HQ HKV / / NKV * kv-off +
  ELSE BID-Z HKV * BID-Y HQ HKV / / + NKV * THEN ;
\ This block's tile of BR query rows. With a causal mask a later tile sees
\ as many keys as an earlier one or more, wherever the diagonal lies: the
\ blocks that start first take the last tiles. So with MASK-MOD, whose
\ masks are mostly causal ones (documents, prefixes).
: query-tile-of ( id -- qtile )
  len-q BR tiles  bounded MODS-MASK OR IF 1- SWAP - ELSE DROP THEN ;
: query-tile ( -- qtile )  BID-X query-tile-of ;
\ The BC-key tiles that the BR query rows from q0 on see: the first
\ (0, or with LOCAL the tile of the first row's first key) and how many
\ from there: up to the last key, or with CAUSAL or LOCAL the last row's
\ last key (0 when every row is above the diagonal).
: first-tile ( q0 -- t )  LOCAL IF first-key 0 MAX BC / ELSE DROP 0 THEN ;
: key-tiles ( q0 -- count )
  { q0 }
  bounded IF q0 BR + len-q MIN 1- last-key 1+ len-kv MIN 0 MAX ELSE len-kv THEN
  BC tiles  q0 first-tile - 0 MAX ;
\ Whether query row `row` sees no key at all.
: no-keys ( row -- flag )  bounded IF last-key 0< ELSE DROP len-kv 0= THEN ;
\ The natural-log log-sum-exp of a row from its running max m (log2 units)
\ and sum l: (m + log2 l) ln 2.
: row-lse ( m l -- lse )  FLOG SWAP 0.6931471805599453 F* F+ ;
\ A row's factor for its output (1/l, or 0 where it sees no key) and its
\ LSE (-inf there), without branches.
: finish ( m l row -- inv lse )
  no-keys 1+  mods IF OVER 0.0 F> 1 AND AND THEN  \ (mods: and l > 0)
  S>F { m l keep }       \ keep: 1.0, or 0.0 for no key
  keep  l 1.0 keep F- F+  F/         \ keep / (l + (1 - keep)): l may be 0
  m l row-lse  keep 0.5 F- 1.0 0.0 F/ F*  FMIN ;   \ min(lse, +-inf)
