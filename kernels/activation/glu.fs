\ Words shared by the gated-activation kernels (glu.forth,
\ glu_backward.forth): the activation ACT (a const: 0 SiLU, 1 GELU erf
\ form, 2 GELU tanh form) and its derivative, in f32, and the vector
\ access of VN elements of T (1, or EV = 16 / ESZ: one 16-byte vector; the
\ caller checks N a multiple of EV and the buffers 16-byte aligned).
\ The including kernel declares T, ESZ, EV, VN, ACT and the register
\ arrays A and B (f32[EV]).
INCLUDE ../lib/typed.fs
INCLUDE ../lib/pack16.fs

: LDN ( addr -- x0 .. x[VN-1] )  VN 1 = IF LD ELSE LD16 THEN ;
: STN ( x0 .. x[VN-1] addr -- )  VN 1 = IF ST ELSE ST16 THEN ;
: APUT ( x0 .. x[VN-1] -- )  VN 0 UNROLL DO  VN 1- I - A!  LOOP ;
: BPUT ( x0 .. x[VN-1] -- )  VN 0 UNROLL DO  VN 1- I - B!  LOOP ;

0.7978845608028654 CONSTANT SQRT-2/PI
0.3989422804014327 CONSTANT 1/SQRT-2PI

\ act(x) (the prelude's FSILU, FGELU-ERF, FGELU).
: ACT-F ( x -- y )
  ACT 0 = IF FSILU ELSE ACT 1 = IF FGELU-ERF ELSE FGELU THEN THEN ;

\ act(x) and act'(x), recomputed from x (nothing stored by the forward):
\   SiLU: s = sigmoid(x), act = x s, act' = s (1 + x (1 - s))
\   GELU erf: P = (1 + erf(x / sqrt 2)) / 2, act = x P,
\             act' = P + x exp(-x^2 / 2) / sqrt(2 pi)
\   GELU tanh: t = tanh(sqrt(2/pi) (x + 0.044715 x^3)), act = x (1 + t) / 2,
\             act' = (1 + t) / 2 + x (1 - t^2) sqrt(2/pi) (1 + 3 0.044715 x^2) / 2
: ACT-D ( x -- act act' )
  { x }
  ACT 0 = IF
    x FSIGMOID { s }  x s F*  1.0 s F- x F* 1.0 F+ s F*
  ELSE ACT 1 = IF
    x 0.7071067811865476 F* FERF 1.0 F+ 0.5 F* { p }
    x p F*  x x F* -0.5 F* FEXP 1/SQRT-2PI F* x F* p F+
  ELSE
    x x F* { x2 }
    x2 x F* 0.044715 F* x F+ SQRT-2/PI F* FTANH { t }
    1.0 t F+ 0.5 F* { hp }
    x hp F*
    1.0 t t F* F- x F* SQRT-2/PI F* x2 0.134145 F* 1.0 F+ F* 0.5 F* hp F+
  THEN THEN ;

\ The grid-stride loop over the vectors: first element, step.
: FIRST ( -- e )  GLOBAL-ID VN * ;
: STEP ( -- n )  GDIM-X BDIM-X * VN * ;
