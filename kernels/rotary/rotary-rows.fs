\ Rotary position embedding (HuggingFace apply_rotary_pos_emb, rotate_half
\ convention) on q and k in one launch:
\   out[j]        = x[j]*cos[j]               - x[j+R/2]*sin[j]
\   out[j+R/2]    = x[j+R/2]*cos[j+R/2]       + x[j]*sin[j+R/2]     (j < R/2)
\   out[e]        = x[e]                                            (R <= e < D)
\ q is (B, HQ, N, D), k is (B, HKV, N, D), cos and sin are (N, R) or
\ (B, N, R): CSB is their batch stride in elements (0 when shared).
\
\ Grid (N, B): one block per position (n, b), so that a thread loads its
\ cos/sin values once and applies them to every head of q and k. Block
\ (BX, BY): a row of D features is cut into units of V consecutive
\ features (R/(2V) units of rotated pairs, then (D-R)/V units passed
\ through); thread (x, y) does units x, x+BX, ... of heads y, y+BY, ...
\ (q's heads, then k's).
\
\ The wrapper (apply_rotary.forth, a kernel a dtype: -D T) declares the
\ params, ESZ (bytes per element), V (1, or 4 when R/2, D-R and D are
\ multiples of 4 and the buffers aligned to 4 elements, 16 bytes for f32
\ and 8 for bf16 and f16: the host checks) and LDV ( addr -- x0 .. xV-1 )
\ / STV ( x0 .. xV-1 addr -- ) for its dtype.

: ESZ* ( n -- bytes )  ESZ * ;
\ Byte offset of row (b, h, n) of q (h < HQ) or of k (h - HQ), and the
\ source and destination bases of that tensor.
: ROW ( h -- off src dst )
  DUP HQ < IF
    BID-Y HQ * + N * BID-X + D * ESZ*  Q QO
  ELSE
    HQ - BID-Y HKV * + N * BID-X + D * ESZ*  K KO
  THEN ;

R 2/ { half }
half V / { nrot }
D R - V / nrot + { units }
HQ HKV + { heads }

TID-X BEGIN DUP units < WHILE { u }
  u nrot < IF
    \ A rotated unit: features j0..j0+V-1 and j0+half..j0+half+V-1.
    u V * { j0 }
    BID-Y CSB * BID-X R * + j0 + ESZ* { ci }
    COS ci + LDV  V 0 UNROLL DO V 1- I - CA! LOOP
    COS ci + half ESZ* + LDV  V 0 UNROLL DO V 1- I - CB! LOOP
    SIN ci + LDV  V 0 UNROLL DO V 1- I - SA! LOOP
    SIN ci + half ESZ* + LDV  V 0 UNROLL DO V 1- I - SB! LOOP
    TID-Y BEGIN DUP heads < WHILE
      DUP ROW { off src dst }
      j0 ESZ* off + TO off
      src off + LDV  V 0 UNROLL DO V 1- I - XA! LOOP
      src off + half ESZ* + LDV  V 0 UNROLL DO V 1- I - XB! LOOP
      V 0 UNROLL DO  I XA@ I CA@ F*  I XB@ I SA@ F* F-  LOOP
      dst off + STV
      V 0 UNROLL DO  I XB@ I CB@ F*  I XA@ I SB@ F* F+  LOOP
      dst off + half ESZ* + STV
      BDIM-Y +
    REPEAT DROP
  ELSE
    \ A unit past the rotated features: copied.
    u nrot - V * R + ESZ* { e }
    TID-Y BEGIN DUP heads < WHILE
      DUP ROW { off src dst }
      e off + TO off
      src off + LDV  dst off + STV
      BDIM-Y +
    REPEAT DROP
  THEN
  u BDIM-X +
REPEAT DROP
