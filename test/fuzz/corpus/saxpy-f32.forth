\! kernel saxpy
\! param N i64
\! param ALPHA f32
\! param X f32[N]
\! param Y f32[N]
\! float f32
\ y = alpha * x + y, one element per thread
GLOBAL-ID DUP N < IF
  DUP FLOATS X + F@ ALPHA F*
  OVER FLOATS Y + F@ F+
  SWAP FLOATS Y + F!
ELSE DROP THEN
