\ The backward of glu.forth (same -D T, ACT, VN): from the output's
\ gradient DY and the forward's inputs G and U (the activation recomputed,
\ glu.fs ACT-D), DG = DY * U * act'(G) and DU = DY * act(G). Any grid.
\! kernel glu_backward_{T}
\! type T f32 bf16 f16
\! float f32
\! const ACT 0
\! const VN 1
\! const ESZ sizeof(T)
\! const EV 16/ESZ
\! param DY T[N]
\! param G T[N]
\! param U T[N]
\! param DG T[N]
\! param DU T[N]
\! param N i64
\! reg A f32[EV]
\! reg B f32[EV]
INCLUDE glu.fs
FIRST BEGIN DUP N < WHILE
  { e }
  e ESZ * G + LDN APUT
  e ESZ * U + LDN BPUT
  e ESZ * DY + LDN
  \ A: dy * act(g) (du), B: dy * u * act'(g) (dg)
  VN 0 UNROLL DO
    VN 1- I - { s }
    s A@ ACT-D { av dv }
    DUP av F* s A!   s B@ F* dv F* s B!
  LOOP
  VN 0 UNROLL DO  I B@  LOOP  e ESZ * DG + STN
  VN 0 UNROLL DO  I A@  LOOP  e ESZ * DU + STN
  e STEP +
REPEAT DROP
