\ TF32-SPLIT ( x -- big small ): big is x rounded to TF32 (nearest, ties
\ away: 1+2^-11 goes up, -(1+2^-11) down), small = x - big exactly; a NaN
\ x gives a NaN small (its big is unspecified, so not checked). Then
\ MMA-3XTF32-PARTS on split operands must give MMA-3XTF32's result bit for
\ bit: Z holds their differences, all 0.
\ Expected: Python on the f32 bits, (bits + 0x1000) & ~0x1fff (1e-7: the
\ printed digits; a rounding error would be 1e-3 off).
\! kernel tf32split
\! float f32
\! param X f32[9]
\! param BIG f32[9]
\! param SMALL f32[9]
\! param Z f32[128]
LANE-ID 9 < IF
  LANE-ID FLOATS { at }
  X at + F@ TF32-SPLIT  SMALL at + F!  BIG at + F!
THEN
\ Operands that TF32 cannot hold: lane-dependent thirds and sevenths.
LANE-ID 4 / { g }  LANE-ID 4 MOD { c }
: third ( n -- x )  S>F 3.0 F/ 1.0 F+ ;
: seventh ( n -- x )  S>F 7.0 F/ 0.5 F- ;
g c 4 * + third  g 8 + c 4 * + third  g c + 4 + third  g 8 + c + 4 + third
c g * seventh  c 4 + g * seventh
g S>F  c S>F  g c + S>F  g c - S>F
{ a0 a1 a2 a3 b0 b1 c0 c1 c2 c3 }
a0 a1 a2 a3 b0 b1 c0 c1 c2 c3 MMA-3XTF32 { d0 d1 d2 d3 }
a0 TF32-SPLIT a1 TF32-SPLIT a2 TF32-SPLIT a3 TF32-SPLIT
{ x0 s0 x1 s1 x2 s2 x3 s3 }
b0 TF32-SPLIT b1 TF32-SPLIT { y0 r0 y1 r1 }
x0 x1 x2 x3 s0 s1 s2 s3 y0 y1 r0 r1 c0 c1 c2 c3 MMA-3XTF32-PARTS
{ e0 e1 e2 e3 }
d0 e0 F-  d1 e1 F-  d2 e2 F-  d3 e3 F-  Z LANE-ID 4 * FLOATS + 4F!

\ E2E: --param X=1,1.00048828125,1.000244140625,-1.00048828125,3.14159265,1e-30,-0.0,65504.1,nan --param BIG=zeros --param SMALL=zeros --param Z=zeros --block 32 --output-param BIG --output-count 8
\ TOLERANCE: 1e-7
\ EXPECT-APPROX: 1.0,1.0009765625,1.0,-1.0009765625,3.140625,9.999428271258529e-31,-0.0,65504.0
\ E2E: --param X=1,1.00048828125,1.000244140625,-1.00048828125,3.14159265,1e-30,-0.0,65504.1,nan --param BIG=zeros --param SMALL=zeros --param Z=zeros --block 32 --output-param SMALL
\ TOLERANCE: 1e-7
\ EXPECT-APPROX: 0.0,-0.00048828125,0.000244140625,0.00048828125,0.0009677410125732422,5.717604522399606e-35,0.0,0.1015625,nan
\ E2E: --param X=1,1.00048828125,1.000244140625,-1.00048828125,3.14159265,1e-30,-0.0,65504.1,nan --param BIG=zeros --param SMALL=zeros --param Z=zeros --block 32 --output-param Z
\ TOLERANCE: 0
\ EXPECT-APPROX: 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
