\ The f32 fragment words of the backward kernels (flash-backward-mma.fs):
\ m16n8k8 fragments read element by element from rows padded to
\ HEAD_DIM+4 floats (lane (g, t) then reads bank 4g+t or 8t+g: no
\ conflicts), multiplied by MMA-3XTF32 (f32 accuracy, as the forward).

8 CONSTANT KSTEP
\ SOFTCAP's tanh: the forward's (the accurate one, f32 results).
: CAP-TANH ( x -- t )  FTANH ;
: MMA ( a0 a1 a2 a3 b0 b1 c0 c1 c2 c3 -- d0 d1 d2 d3 )  MMA-3XTF32 ;
\ Into the accumulators that live across tiles (dQ, dK, dV) too: a fresh
\ product added with F+ (as the forward does against the tensor core's
\ truncated sums) made ptxas spill 16-236 bytes here; the drift it avoids
\ is bounded in the GPU test instead (issue 15's note).
: MMA+ ( a0 a1 a2 a3 b0 b1 c0 c1 c2 c3 -- d0 d1 d2 d3 )  MMA ;
: lane-g ( -- g )  LANE-ID 4 / ;
: lane-t ( -- t )  LANE-ID 4 MOD ;
\ A fragment of m-tile qt, features 8kc on: rows g, g+8, features t, t+4.
: AFRAG ( region qt kc -- a0 a1 a2 a3 )
  8 * SWAP 16 * WARP-ID 16 MT * * + lane-g + SWAP lane-t + at + { a }
  a SF32@  a 8 0 at + SF32@  a 16 + SF32@  a 8 0 at + 16 + SF32@ ;
\ B fragments (b0 b1, then of the next 8 columns) of columns 16p on,
\ features 8kc on: column g, features t and t+4.
: BFRAG2 ( tb p kc -- b0 b1 e0 e1 )
  8 * lane-t + SWAP 16 * lane-g + SWAP at + { a }
  a SF32@  a 16 + SF32@  a 8 0 at + SF32@  a 8 0 at + 16 + SF32@ ;
\ B fragments over columns 8kc on (as k) of features 16p on and 16p+8
\ on. k index t is column 2t and t+4 column 2t+1, the order in which
\ PFRAG takes the scores (no data moves between lanes).
: BFRAG2-T ( tb kc p -- b0 b1 c0 c1 )
  16 * lane-g + SWAP 8 * lane-t 2* + SWAP at + { a }
  a SF32@  a 1 0 at + SF32@  a 32 + SF32@  a 1 0 at + 32 + SF32@ ;
\ The A fragment of m-tile qt, columns 8kc on: (g, t) (g+8, t) (g, t+4)
\ (g+8, t+4) are the score fragment's (g, 2t) (g+8, 2t) (g, 2t+1)
\ (g+8, 2t+1).
: PFRAG ( qt kc -- a0 a1 a2 a3 )
  4 * SWAP BC 2 / * + { n }  n SC@ n 2 + SC@ n 1+ SC@ n 3 + SC@ ;
: DSFRAG ( qt kc -- a0 a1 a2 a3 )
  4 * SWAP BC 2 / * + { n }  n DPC@ n 2 + DPC@ n 1+ DPC@ n 3 + DPC@ ;
: DSLO ( qt kc -- a0 a1 a2 a3 )  2DROP 0.0 0.0 0.0 0.0 ;   \ (no split)
: STORE2 ( x0 x1 addr -- )  2F! ;
\ DQ_ATOMIC: two dS values into ds-region, and the A fragment of dS for
\ 16 queries from q0 and keys 8kc on, from its [key][query] rows, with k
\ in BFRAG2-T's order (k index t is key 2t, t+4 key 2t+1): (g, t)
\ (g+8, t) (g, t+4) (g+8, t+4) are dS^T's (2t, g) (2t, g+8) (2t+1, g)
\ (2t+1, g+8).
: DS-STORE ( x0 x1 addr -- )  2SF! ;
: DSFRAG-T ( q0 kc -- a0 a1 a2 a3 )
  8 * lane-t 2* + DSTRIDE * SWAP lane-g + + 4 * ds-region + { a }
  a SF32@  a 32 + SF32@  a DSTRIDE 4 * + SF32@  a DSTRIDE 4 * + 32 + SF32@ ;
