\ The bf16/f16 fragment words of the backward kernels (flash-backward-mma.fs):
\ LDMATRIX from the padded rows, as the forward reads them, and the type's
\ MMA, PACK and UNPACK (flash_backward.forth's T).

: MMA ( a0 a1 a2 a3 b0 b1 c0 c1 c2 c3 -- d0 d1 d2 d3 )  MMA-{T} ;
: PACK ( x0 x1 -- pair )  F>{T}X2 ;
: UNPACK ( pair -- x0 x1 )  {T}X2>F ;
16 CONSTANT KSTEP
\ SOFTCAP's tanh: the forward's (tanh.approx, one instruction).
: CAP-TANH ( x -- t )  FTANH-APPROX ;
\ The accumulators' products: the 16-bit MMA sums in f32 as it goes.
: MMA+ ( a0 a1 a2 a3 b0 b1 c0 c1 c2 c3 -- d0 d1 d2 d3 )  MMA ;
\ Each lane's LDMATRIX row: an A fragment of 16 rows x 16 features (row
\ l%16, features 8(l/16) on); the B fragments of 16 columns (two 8-column
\ groups) x 16 features (column 8(l/16) + l%8, features 8((l/8)%2) on); and
\ transposed, of 16 columns x 16 features (column 8((l/8)%2) + l%8,
\ features 8(l/16) on).
: r-lane ( -- bytes )  WARP-ID 16 MT * * LANE-ID 16 MOD +  LANE-ID 16 / 8 *  at ;
: b-lane ( -- bytes )  LANE-ID 16 / 8 *  LANE-ID 8 MOD +  LANE-ID 8 / 2 MOD 8 *  at ;
: t-lane ( -- bytes )  LANE-ID 8 / 2 MOD 8 *  LANE-ID 8 MOD +  LANE-ID 16 / 8 *  at ;
\ A fragment of m-tile qt, features 16kc on, from a row region.
: AFRAG ( region qt kc -- a0 a1 a2 a3 )
  32 * SWAP 16 STRIDE * 2* * + + r-lane + LDMATRIX-X4 ;
\ B fragments (b0 b1, then of the next 8 columns) of columns 16p on,
\ features 16kc on, of the tile at tb.
: BFRAG2 ( tb p kc -- b0 b1 e0 e1 )
  32 * SWAP 16 * 0 at + + b-lane + LDMATRIX-X4 ;
\ B fragments over columns 16kc on (as k) of features 16p on and 16p+8 on.
: BFRAG2-T ( tb kc p -- b0 b1 c0 c1 )
  16 * SWAP 16 * SWAP at + t-lane + LDMATRIX-X4-T ;
\ The A fragment of m-tile qt, columns 16kc on, from SC (P) or DPC (dS):
\ the C layout of 16 columns is the A layout.
: PFRAG ( qt kc -- a0 a1 a2 a3 )
  8 * SWAP BC 2 / * + { n }
  n SC@ n 1+ SC@ PACK  n 2 + SC@ n 3 + SC@ PACK
  n 4 + SC@ n 5 + SC@ PACK  n 6 + SC@ n 7 + SC@ PACK ;
: DSFRAG ( qt kc -- a0 a1 a2 a3 )
  8 * SWAP BC 2 / * + { n }
  n DPC@ n 1+ DPC@ PACK  n 2 + DPC@ n 3 + DPC@ PACK
  n 4 + DPC@ n 5 + DPC@ PACK  n 6 + DPC@ n 7 + DPC@ PACK ;
\ What PACK loses of two floats: x - (x rounded), packed in turn. With
\ DS_SPLIT, dS goes into its products as this pair of parts (two MMAs),
\ so that its rounding does not reach dQ and dK: in bf16, on long rows, the
\ rounded dS alone doubled their error against SDPA's (issue 15's note).
: lost ( x0 x1 -- pair )
  { x0 x1 }  x0 x1 PACK UNPACK { h0 h1 }  x0 h0 F-  x1 h1 F-  PACK ;
: DSLO ( qt kc -- a0 a1 a2 a3 )
  8 * SWAP BC 2 / * + { n }
  n DPC@ n 1+ DPC@ lost  n 2 + DPC@ n 3 + DPC@ lost
  n 4 + DPC@ n 5 + DPC@ lost  n 6 + DPC@ n 7 + DPC@ lost ;
: STORE2 ( x0 x1 addr -- )  >R PACK R> I32! ;
\ DQ_ATOMIC: two dS values into ds-region, and the A fragment of dS for
\ 16 queries from q0 and keys 16kc on, from its [key][query] rows
\ (transposed LDMATRIX: lane l gives key 16kc + 8(l/16) + l%8, queries
\ q0 + 8((l/8)%2) on).
: DS-STORE ( x0 x1 addr -- )  >R PACK R> SI32! ;
: DSFRAG-T ( q0 kc -- a0 a1 a2 a3 )
  16 * LANE-ID 16 / 8 * + LANE-ID 8 MOD +  DSTRIDE *
  SWAP LANE-ID 8 / 2 MOD 8 * + +  2* ds-region + LDMATRIX-X4-T ;
