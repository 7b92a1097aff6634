\ A gated activation, elementwise over N elements of T (f32, bf16 or f16;
\ -D T=), math in f32: Y = act(G) * U with -D ACT=0 SiLU (SwiGLU), 1 GELU
\ (erf; GEGLU), 2 GELU (tanh form), glu.fs. -D VN=1|EV elements an access
\ (EV = 16 / sizeof(T): one 16-byte vector). Any grid: a grid-stride loop.
\! kernel glu_{T}
\! type T f32 bf16 f16
\! float f32
\! const ACT 0
\! const VN 1
\! const ESZ sizeof(T)
\! const EV 16/ESZ
\! param G T[N]
\! param U T[N]
\! param Y T[N]
\! param N i64
\! reg A f32[EV]
\! reg B f32[EV]
INCLUDE glu.fs
FIRST BEGIN DUP N < WHILE
  DUP ESZ * G + LDN APUT
  DUP ESZ * U + LDN BPUT
  VN 0 UNROLL DO  I A@ ACT-F I B@ F*  LOOP
  VN PICK ESZ * Y + STN
  STEP +
REPEAT DROP
