\ FlashAttention-2 backward, step 1: per query row, D = sum(dO * O) (f32)
\ and L2 = LSE * log2(e), the forward's log-sum-exp in the base-2 units of
\ the backward kernels, with -inf (a row that sees no key) made +inf so
\ that exp2(s - L2) is 0 there, never NaN. INCLUDEd by
\ flash_backward_pre_<dtype>.forth, which declares the params (DOUT, O
\ (BATCH, H, NQ, HEAD_DIM) with the strides DO_S* and O_S* (in elements,
\ the features contiguous), LSE (BATCH, H, NQ) in; DPRE, L2 (BATCH*H,
\ NQP) out: rows NQP floats apart, see flash-backward-mma.fs), the
\ constant HEAD_DIM and LD2 ( addr -- x0 x1 ), two consecutive elements.
\ One warp per row, lanes over the features two at a time; grid
\ (ceil(NQP/WARPS), H, BATCH), block 32*WARPS: rows NQ .. NQP-1 get D and
\ L2 0 (the padding that the dK/dV kernels' 16-byte copies read), and with
\ ZERO_DQ each row's DQACC is zeroed for the atomics that follow (no
\ zero-fill launches before this one).

BID-X WARPS * WARP-ID + { qrow }
BID-Z H * BID-Y + { bh }
bh NQ * qrow + { row }
bh NQP * qrow + { prow }
BID-Z DO_SB * BID-Y DO_SH * + qrow DO_SN * + { drow }
BID-Z O_SB * BID-Y O_SH * + qrow O_SN * + { orow }
ZERO_DQ IF
  qrow NQ < IF
    HEAD_DIM 64 tiles 0 UNROLL DO
      I 64 * LANE-ID 2* + { f }
      f HEAD_DIM < IF  0.0 0.0  DQACC row HEAD_DIM * f + 4 * + 2F!  THEN
    LOOP
  THEN
THEN
qrow NQ >= qrow NQP < AND LANE-ID 0= AND IF
  0.0 DPRE prow 4 * + F32!  0.0 L2 prow 4 * + F32!
THEN
qrow NQ < IF
  0.0
  HEAD_DIM 64 tiles 0 UNROLL DO
    I 64 * LANE-ID 2* + { f }
    f HEAD_DIM < IF
      DOUT drow f + ESZ * + LD2  O orow f + ESZ * + LD2  { d0 d1 o0 o1 }
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
