\ FlashAttention-2 backward, step 1: per query row, D = sum(dO * O) (f32)
\ and L2 = LSE * log2(e), the forward's log-sum-exp in the base-2 units of
\ the backward kernels, with -inf (a row that sees no key) made +inf so
\ that exp2(s - L2) is 0 there, never NaN. INCLUDEd by
\ flash_backward_pre_<dtype>.forth, which declares the params (DOUT, O
\ (BH, NQ, HEAD_DIM), LSE (BH, NQ) in; DPRE, L2 (BH, NQP) out: rows NQP
\ floats apart, see flash-backward-mma.fs), the constant HEAD_DIM and
\ LD2 ( addr -- x0 x1 ), two consecutive elements.
\ One warp per row, lanes over the features two at a time; grid
\ (ceil(NQ/WARPS), BH), block 32*WARPS.

BID-X WARPS * WARP-ID + { qrow }
BID-Y NQ * qrow + { row }
BID-Y NQP * qrow + { prow }
qrow NQ < IF
  0.0
  HEAD_DIM 64 tiles 0 UNROLL DO
    I 64 * LANE-ID 2* + { f }
    f HEAD_DIM < IF
      row HEAD_DIM * f + ESZ * { at }
      DOUT at + LD2  O at + LD2  { d0 d1 o0 o1 }
      d0 o0 F* F+  d1 o1 F* F+
    THEN
  LOOP
  DUP 16 FSHFL-XOR F+  DUP 8 FSHFL-XOR F+  DUP 4 FSHFL-XOR F+
  DUP 2 FSHFL-XOR F+  DUP 1 FSHFL-XOR F+ { d }
  LANE-ID 0= IF
    d  DPRE prow 4 * + F32!
    LSE row 4 * + F32@ 1.4426950408889634 F*  { lb }
    \ -inf -> +inf; anything else as is.
    lb -1.0e38 F< IF 1.0 0.0 F/ ELSE lb THEN  L2 prow 4 * + F32!
  THEN
THEN
