\ FlashAttention-2 forward on the 16-bit tensor cores (bf16 or f16 in and
\ out, f32 accumulation), INCLUDEd by flash_attention_bf16.forth and
\ flash_attention_f16.forth, which declare the header (the params and
\ constants below) and the words MMA ( a0..a3 b0 b1 c0..c3 -- d0..d3 ) and
\ PACK ( x0 x1 -- pair ).
\
\ Q (BATCH, HQ, NQ, HEAD_DIM), K and V (BATCH, HKV, NKV, HEAD_DIM): query
\ head h reads key/value head h / (HQ/HKV) (grouped-query attention, no
\ copies). O (BATCH, HQ, NQ, HEAD_DIM) = softmax(SCALE Q K^T) V, LSE
\ (BATCH, HQ, NQ) f32 the natural log of each row's sum of exp(SCALE q.k).
\ With CAUSAL, query i sees keys j <= i + NKV - NQ (aligned bottom-right);
\ a row that sees no key gets O = 0 and LSE = -inf.
\ Grid (ceil(NQ/BR), HQ, BATCH), block NTHREADS = 32*WARPS.
\
\ The design is FlashAttention-2's: each warp owns 16 query rows, whose Q
\ fragments stay in registers (QF); per tile of BC keys the block stages K
\ and V in shared memory (cp.async, double-buffered: the next tile loads
\ while this one is computed), and each warp reads its B fragments with
\ LDMATRIX (K as is, V transposed). Rows are padded by 16 bytes (STRIDE
\ elements), an odd number of 16-byte chunks, so that the eight rows of an
\ LDMATRIX phase hit eight different groups of four banks. Lane = 4g + t
\ holds, in the MMA layout, rows g and g+8 of its warp's rows:
\  - SC: the tile's scores, four per 8 keys: (g, 2t) (g, 2t+1) (g+8, 2t)
\    (g+8, 2t+1);
\  - OC: the output accumulator, four per 8 features, the same way.
\ The online softmax runs in base 2 (scores times SCALE*log2(e), FEXP2);
\ P is rounded to 16 bits and packed straight from the score registers
\ into the A fragments of O += P V (the C layout of 16 keys is the A
\ layout), with no data moving between lanes.

-1.0e30 CONSTANT MASKED   \ the running max's start: finite, so exp2 of
                          \ (-inf - MASKED) is 0, never NaN
: tiles ( n size -- count )  DUP 1- ROT + SWAP / ;
\ Byte offset of element (row, col) of shared region r: K0 V0 K1 V1.
: region ( r -- addr )  BC STRIDE * 2* * SM + ;
: at ( row col -- bytes )  SWAP STRIDE * + 2* ;
\ Where this block's query head and its key/value head start, in elements.
: q-base ( -- n )  BID-Z HQ * BID-Y + NQ * HEAD_DIM * ;
: kv-base ( -- n )  BID-Z HKV * BID-Y HQ HKV / / + NKV * HEAD_DIM * ;

NKV NQ - { shift }
\ With a causal mask later rows see more keys: the blocks that start first
\ take the last query tiles.
NQ BR tiles { qtiles }
CAUSAL IF qtiles 1- BID-X - ELSE BID-X THEN BR * { q0 }
q0 WARP-ID 16 * + { qw }
LANE-ID 4 / { g }
LANE-ID 4 MOD { t }
SCALE 1.4426950408889634 F* { scale2 }
q-base { qbase }
\ Key tiles the block's rows see (none when every row is before the first
\ key: NQ > NKV, causal).
CAUSAL IF q0 BR + shift + NKV MIN 0 MAX ELSE NKV THEN BC tiles { ntiles }

\ Start copying the K and V rows from key k0 into buffer b (0 or 1); rows
\ past the end copy the last key (their scores are masked).
: load-tile ( k0 b -- )
  { k0 b }
  BC HEAD_DIM * 8 / NTHREADS / 0 UNROLL DO
    TID-X I NTHREADS * + HEAD_DIM 8 / /MOD { c r }
    k0 r + NKV 1- MIN HEAD_DIM * c 8 * + kv-base + 2* { src }
    r c 8 * at { dst }
    K src +  b 2* region dst + CP-ASYNC
    V src +  b 2* 1+ region dst + CP-ASYNC
  LOOP ;

\ The block's Q rows go to regions 2 and 3 (free until tile 1 loads),
\ rows past the end copy the last row (never stored).
BR HEAD_DIM * 8 / NTHREADS / 0 UNROLL DO
  TID-X I NTHREADS * + HEAD_DIM 8 / /MOD { c r }
  Q  q0 r + NQ 1- MIN HEAD_DIM * c 8 * + qbase + 2* +
  2 region r c 8 * at + CP-ASYNC
LOOP
ntiles 0> IF 0 0 load-tile THEN
CP-ASYNC-COMMIT
0 CP-ASYNC-WAIT
BARRIER
\ This warp's Q fragments, 16 features at a time: lane l gives row l%16,
\ features 8*(l/16) on (the four 8x8 matrices of a 16x16 A fragment).
2 region  WARP-ID 16 * LANE-ID 16 MOD +  LANE-ID 16 / 8 *  at + { qa }
HEAD_DIM 16 / 0 UNROLL DO
  qa I 32 * + LDMATRIX-X4  I 4 * 3 + QF!  I 4 * 2 + QF!  I 4 * 1+ QF!  I 4 * QF!
LOOP
BARRIER

\ Each lane's LDMATRIX row within a tile. K: lane l gives key
\ 8*(l/16) + l%8, features 8*((l/8)%2) on: the B fragments (b0 b1) of
\ 8 keys, then of the next 8. V, transposed: key 8*((l/8)%2) + l%8,
\ features 8*(l/16) on: b0 b1 of 8 features, then of the next 8.
LANE-ID 16 / 8 *  LANE-ID 8 MOD +  LANE-ID 8 / 2 MOD 8 *  at { kofs }
LANE-ID 8 / 2 MOD 8 *  LANE-ID 8 MOD +  LANE-ID 16 / 8 *  at { vofs }

: quad-max ( x -- x' )  DUP 1 FSHFL-XOR FMAX  DUP 2 FSHFL-XOR FMAX ;
: quad-sum ( x -- x' )  DUP 1 FSHFL-XOR F+  DUP 2 FSHFL-XOR F+ ;
: sc4@ ( n -- x0 x1 x2 x3 )  { n } n SC@ n 1+ SC@ n 2 + SC@ n 3 + SC@ ;
: sc4! ( x0 x1 x2 x3 n -- )  { n } n 3 + SC! n 2 + SC! n 1+ SC! n SC! ;
: oc4@ ( n -- x0 x1 x2 x3 )  { n } n OC@ n 1+ OC@ n 2 + OC@ n 3 + OC@ ;
: oc4! ( x0 x1 x2 x3 n -- )  { n } n 3 + OC! n 2 + OC! n 1+ OC! n OC! ;
: qf4@ ( kc -- a0 a1 a2 a3 )  4 * { n } n QF@ n 1+ QF@ n 2 + QF@ n 3 + QF@ ;
\ The A fragment of P for keys 16kc..16kc+15, from the scores.
: pfrag ( kc -- a0 a1 a2 a3 )
  8 * { n }
  n SC@ n 1+ SC@ PACK  n 2 + SC@ n 3 + SC@ PACK
  n 4 + SC@ n 5 + SC@ PACK  n 6 + SC@ n 7 + SC@ PACK ;

MASKED { m0 }  MASKED { m1 }   \ running max of rows g, g+8 (log2 units)
0.0 { l0 }  0.0 { l1 }         \ this lane's part of their sums

ntiles 0 ?DO
  I BC * { k0 }
  I 2 MOD { b }
  \ Prefetch the next tile into the other buffer (free since the BARRIER
  \ that closed the last iteration), then wait for this one.
  I 1+ ntiles < IF
    k0 BC + 1 b - load-tile  CP-ASYNC-COMMIT  1 CP-ASYNC-WAIT
  ELSE
    0 CP-ASYNC-WAIT
  THEN
  BARRIER
  b 2* region kofs + { kb }
  b 2* 1+ region vofs + { vb }

  \ S = Q K^T.
  BC 2 / 0 UNROLL DO 0.0 I SC! LOOP
  HEAD_DIM 16 / 0 UNROLL DO I { kc }
    BC 16 / 0 UNROLL DO
      kb I 16 * 0 at + kc 32 * + LDMATRIX-X4 { b0 b1 c0 c1 }
      kc qf4@ b0 b1 I 8 * sc4@ MMA I 8 * sc4!
      kc qf4@ c0 c1 I 8 * 4 + sc4@ MMA I 8 * 4 + sc4!
    LOOP
  LOOP

  \ Mask keys past the end and, when causal, after the row's diagonal;
  \ only tiles that reach past either need it.
  k0 BC + NKV >  CAUSAL 0<> k0 BC + 1- qw shift + > AND  OR IF
    -1.0 0.0 F/ { ninf }
    BC 8 / 0 UNROLL DO
      4 0 UNROLL DO
        k0 J 8 * + t 2* + I 2 MOD + { col }
        qw g + I 2 / 8 * + shift + { last }
        col NKV >=  CAUSAL 0<> col last > AND  OR IF
          ninf J 4 * I + SC!
        THEN
      LOOP
    LOOP
  THEN

  \ Online softmax, base 2.
  m0 BC 8 / 0 UNROLL DO I 4 * SC@ FMAX I 4 * 1+ SC@ FMAX LOOP quad-max
  scale2 F* m0 FMAX { n0 }
  m1 BC 8 / 0 UNROLL DO I 4 * 2 + SC@ FMAX I 4 * 3 + SC@ FMAX LOOP quad-max
  scale2 F* m1 FMAX { n1 }
  m0 n0 F- FEXP2 { a0 }  m1 n1 F- FEXP2 { a1 }
  n0 TO m0  n1 TO m1
  l0 a0 F* TO l0  l1 a1 F* TO l1
  BC 8 / 0 UNROLL DO
    I 4 * SC@ scale2 F* m0 F- FEXP2  DUP I 4 * SC!  l0 F+ TO l0
    I 4 * 1+ SC@ scale2 F* m0 F- FEXP2  DUP I 4 * 1+ SC!  l0 F+ TO l0
    I 4 * 2 + SC@ scale2 F* m1 F- FEXP2  DUP I 4 * 2 + SC!  l1 F+ TO l1
    I 4 * 3 + SC@ scale2 F* m1 F- FEXP2  DUP I 4 * 3 + SC!  l1 F+ TO l1
  LOOP
  HEAD_DIM 8 / 0 UNROLL DO
    I 4 * OC@ a0 F* I 4 * OC!  I 4 * 1+ OC@ a0 F* I 4 * 1+ OC!
    I 4 * 2 + OC@ a1 F* I 4 * 2 + OC!  I 4 * 3 + OC@ a1 F* I 4 * 3 + OC!
  LOOP

  \ O += P V, 16 keys at a time.
  BC 16 / 0 UNROLL DO I { kc }
    kc pfrag { p0 p1 p2 p3 }
    HEAD_DIM 16 / 0 UNROLL DO
      vb kc 16 * I 16 * at + LDMATRIX-X4-T { b0 b1 c0 c1 }
      p0 p1 p2 p3 b0 b1 I 8 * oc4@ MMA I 8 * oc4!
      p0 p1 p2 p3 c0 c1 I 8 * 4 + oc4@ MMA I 8 * 4 + oc4!
    LOOP
  LOOP
  BARRIER   \ everyone is done with buffer b before it is refilled
LOOP

\ Finish the row sums over the four lanes of each row; store rows g, g+8
\ (16-bit pairs) and their log-sum-exp. A row that saw no key has l = 0.
l0 quad-sum { s0 }
l1 quad-sum { s1 }
: store-row ( row sum m first -- )
  { row sum m first }
  row NQ < IF
    sum 0.0 F> IF 1.0 sum F/ ELSE 0.0 THEN { inv }
    HEAD_DIM 8 / 0 UNROLL DO
      first I 4 * + OC@ inv F*  first I 4 * + 1+ OC@ inv F*  PACK
      O  q-base row HEAD_DIM * + I 8 * + LANE-ID 4 MOD 2* + 2* +  I32!
    LOOP
    LANE-ID 4 MOD 0= IF
      sum 0.0 F> IF m 0.6931471805599453 F* sum FLOG F+ ELSE -1.0 0.0 F/ THEN
      LSE  BID-Z HQ * BID-Y + NQ * row + 4 * +  F32!
    THEN
  THEN ;
qw g + s0 m0 0 store-row
qw g + 8 + s1 m1 2 store-row
