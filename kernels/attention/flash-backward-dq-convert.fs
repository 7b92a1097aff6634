\ FlashAttention-2 backward with atomic dQ (DQ_ATOMIC, flash-backward-mma.fs):
\ dQ = SCALE DQACC, from the f32 sums to the gradient's dtype. Two
\ elements a thread; grid (ceil(N/2/256)), block 256. INCLUDEd by
\ flash_backward_dq_convert_<dtype>.forth, which declares the params
\ (DQACC, DQ, N, SCALE), ESZ and STORE2 ( x0 x1 addr -- ).
GLOBAL-ID 2* { e }
e N < IF
  DQACC e 4 * + 2F@ { x0 x1 }
  x0 SCALE F*  x1 SCALE F*  DQ e ESZ * + STORE2
THEN
