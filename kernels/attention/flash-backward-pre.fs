\ FlashAttention-2 backward, step 1: per query row, D = sum(dO * O) (f32)
\ and L2 = LSE * log2(e), the forward's log-sum-exp in the base-2 units of
\ the backward kernels, with -inf (a row that sees no key) made +inf so
\ that exp2(s - L2) is 0 there, never NaN. INCLUDEd by
\ flash_backward_pre.forth (-D T), which declares the params (DOUT, O
\ (BATCH, H, NQ, HEAD_DIM) with the strides DO_S* and O_S* (in elements,
\ the features contiguous, rows 16-byte aligned), LSE (BATCH, H, NQ) in;
\ DPRE, L2 (BATCH*H, NQP) out: rows NQP floats apart, see
\ flash-backward-mma.fs), the constants HEAD_DIM, LPR, PASSES and ROWS
\ and LD4 ( addr -- x0 x1 x2 x3 ), four consecutive elements.
\ LPR lanes a row (a power of two up to 32), four features a lane a step
\ (8-byte loads of 16-bit data, 16-byte of f32), so a warp takes 32/LPR
\ rows at once and PASSES times that: several loads in flight a lane,
\ which a pass this short needs to keep the memory busy (one row a warp,
\ 4-byte loads: 2.4 TB/s at GPT-2's shape). Grid (ceil(NQP/ROWS), H,
\ BATCH), ROWS = WARPS*32/LPR*PASSES rows a block: rows NQ .. NQP-1 get D
\ and L2 0 (the padding that the dK/dV kernels' 16-byte copies read), and
\ with ZERO_DQ each row's DQACC is zeroed (16-byte stores) for the atomics
\ that follow (no zero-fill launches before this one).

\ PDL (the op's choice on sm_90): the kernel after this one (the backward's
\ main kernel, also '\! pdl') may launch once every block here has begun,
\ and this one waits for the kernel before it (which wrote dO) before any
\ access: its set-up and launch overlap that kernel's tail.
PDL IF GRID-DEP-LAUNCH GRID-DEP-WAIT THEN

LANE-ID LPR MOD { sub }                       \ this lane's place in its row
BID-Z H * BID-Y + { bh }
BID-X ROWS *  WARP-ID 32 LPR / PASSES * * +  LANE-ID LPR / + { row0 }

PASSES 0 UNROLL DO
  row0 I 32 LPR / * + { qrow }
  bh NQP * qrow + { prow }
  ZERO_DQ IF
    qrow NQ < IF
      HEAD_DIM 4 LPR * tiles 0 UNROLL DO   \ 4*LPR features a step
        I LPR * sub + 4 * { f }
        f HEAD_DIM < IF
          0.0 0.0 0.0 0.0  DQACC  bh NQ * qrow + HEAD_DIM * f + 4 * +  4F!
        THEN
      LOOP
    THEN
  THEN
  qrow NQ >= qrow NQP < AND sub 0= AND IF
    0.0 DPRE prow 4 * + F32!  0.0 L2 prow 4 * + F32!
  THEN
  \ Every lane takes part in the row sums' shuffles (a row past NQ with a
  \ sum of 0): a full-warp FSHFL-XOR that some lanes skip is undefined on
  \ the GPU, and the CPU sanitizer reports it ("incomplete warp").
  0.0
  qrow NQ < IF
    BID-Z DO_SB * BID-Y DO_SH * + qrow DO_SN * + { drow }
    BID-Z O_SB * BID-Y O_SH * + qrow O_SN * + { orow }
    HEAD_DIM 4 LPR * tiles 0 UNROLL DO
      I LPR * sub + 4 * { f }
      f HEAD_DIM < IF
        DOUT drow f + ESZ * + LD4  O orow f + ESZ * + LD4
        { d0 d1 d2 d3 o0 o1 o2 o3 }
        d0 o0 F* F+  d1 o1 F* F+  d2 o2 F* F+  d3 o3 F* F+
      THEN
    LOOP
  THEN
  \ The sum over the row's LPR lanes (xor within aligned groups).
  LPR 16 > IF DUP 16 FSHFL-XOR F+ THEN
  LPR 8 > IF DUP 8 FSHFL-XOR F+ THEN
  LPR 4 > IF DUP 4 FSHFL-XOR F+ THEN
  LPR 2 > IF DUP 2 FSHFL-XOR F+ THEN
  LPR 1 > IF DUP 1 FSHFL-XOR F+ THEN
  { d }
  qrow NQ < IF
    sub 0= IF
      d  DPRE prow 4 * + F32!
      LSE bh NQ * qrow + 4 * + F32@ 1.4426950408889634 F*  { lb }
      \ -inf -> +inf; anything else as is.
      lb -1.0e38 F< IF 1.0 0.0 F/ ELSE lb THEN  L2 prow 4 * + F32!
    THEN
  THEN
LOOP
