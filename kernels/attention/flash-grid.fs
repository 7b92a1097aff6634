\ The grid, heads and causal ranges of the FlashAttention-2 forward kernels
\ (flash_attention_f32.forth and its 16-bit siblings), INCLUDEd right after
\ their headers. Each declares the constants HEAD_DIM, CAUSAL, BR (query
\ rows per block) and BC (keys per tile) and the params NQ, NKV, HQ, HKV
\ and BATCH:
\  - Q and O are (BATCH, HQ, NQ, HEAD_DIM), K and V (BATCH, HKV, NKV,
\    HEAD_DIM), LSE (BATCH, HQ, NQ), all contiguous;
\  - grid (ceil(NQ/BR), HQ, BATCH): a block takes BR query rows of query
\    head BID-Y of batch BID-Z, which reads K/V head BID-Y / (HQ/HKV)
\    (grouped-query attention; HKV divides HQ);
\  - CAUSAL: query row i sees keys j <= i + NKV - NQ (the diagonal at the
\    bottom right, as after NKV - NQ cached keys). With NQ > NKV the first
\    NQ - NKV rows see no key: their O is 0 and their LSE -inf.

\ The max and the sum over the four lanes (t = 0..3) that share a row of
\ an MMA accumulator.
: quad-max ( x -- x' )  DUP 1 FSHFL-XOR FMAX  DUP 2 FSHFL-XOR FMAX ;
: quad-sum ( x -- x' )  DUP 1 FSHFL-XOR F+  DUP 2 FSHFL-XOR F+ ;
-1.0e30 CONSTANT MASKED   \ finite: exp(MASKED - m) is 0, never NaN
\ A row that sees any key sees key 0 (of the first tile), so its running max
\ is a real score from the first tile on, and its MASKED keys add nothing.

: tiles ( n size -- count )  DUP 1- ROT + SWAP / ;
\ Causal: query row i sees keys up to i + diagonal.
: diagonal ( -- n )  NKV NQ - ;
\ Rows past the end read the last row (their results are never stored).
: q-in-bounds ( row -- row' )  NQ 1- MIN ;
: kv-in-bounds ( key -- key' )  NKV 1- MIN ;
\ The first row of this block's query head in Q, O (times HEAD_DIM) and
\ LSE, and of its K/V head in K and V.
: q-head ( -- row )  BID-Z HQ * BID-Y + NQ * ;
: kv-head ( -- row )  BID-Z HKV * BID-Y HQ HKV / / + NKV * ;
\ This block's tile of BR query rows. With a causal mask a later tile sees
\ as many keys as an earlier one or more, wherever the diagonal lies: the
\ blocks that start first take the last tiles.
: query-tile-of ( id -- qtile )
  NQ BR tiles  CAUSAL IF 1- SWAP - ELSE DROP THEN ;
: query-tile ( -- qtile )  BID-X query-tile-of ;
\ The number of BC-key tiles that the BR query rows from q0 on see: all
\ NKV keys, or with CAUSAL those up to the last row's diagonal (0 when
\ every row is above it).
: key-tiles ( q0 -- count )
  CAUSAL IF BR + NQ MIN diagonal + 0 MAX ELSE DROP NKV THEN BC tiles ;
\ Whether query row `row` sees no key at all.
: no-keys ( row -- flag )  CAUSAL IF diagonal + 0< ELSE DROP NKV 0= THEN ;
\ The natural-log log-sum-exp of a row from its running max m (log2 units)
\ and sum l: (m + log2 l) ln 2.
: row-lse ( m l -- lse )  FLOG SWAP 0.6931471805599453 F* F+ ;
\ A row's factor for its output (1/l, or 0 where it sees no key) and its
\ LSE (-inf there), without branches.
: finish ( m l row -- inv lse )
  no-keys 1+ S>F { m l keep }       \ keep: 1.0, or 0.0 for no key
  keep  l 1.0 keep F- F+  F/         \ keep / (l + (1 - keep)): l may be 0
  m l row-lse  keep 0.5 F- 1.0 0.0 F/ F*  FMIN ;   \ min(lse, +-inf)
