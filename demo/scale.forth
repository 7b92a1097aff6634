\ X[i] *= FACTOR for i < N, VPT values per thread: the README's Python
\ example (a user kernel, and warpforth.autotune over VPT).
\! kernel demo_scale
\! float f32
\! param X f32[N]
\! param N i64
\! param FACTOR f32
\! const VPT 1
VPT 0 DO
  GLOBAL-ID VPT * I +  DUP N < IF
    FLOATS X +  DUP F@ FACTOR F*  SWAP F!
  ELSE DROP THEN
LOOP
