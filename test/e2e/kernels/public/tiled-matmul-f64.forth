\ The public WarpForth tiled f64 matmul (SF@ SF! F* F+), 4x4 with 2x2
\ tiles; expected: the public test's values, checked in Python.
\! kernel main
\! param A f64[16]
\! param B f64[16]
\! param C f64[16]
\! shared SA f64[4]
\! shared SB f64[4]
BID-Y 2 * TID-Y +
BID-X 2 * TID-X +
0.0
2 0 DO
  2 PICK 4 * I 2 * + TID-X + CELLS A + F@
  TID-Y 2 * TID-X + CELLS SA + SF!
  I 2 * TID-Y + 4 * 2 PICK + CELLS B + F@
  TID-Y 2 * TID-X + CELLS SB + SF!
  BARRIER
  2 0 DO
    TID-Y 2 * I + CELLS SA + SF@
    I 2 * TID-X + CELLS SB + SF@
    F* F+
  LOOP
  BARRIER
LOOP
ROT 4 * ROT + CELLS C + F!
\ E2E: --param 'f64[]:1.5,2.0,0.5,3.0,4.0,1.5,2.5,0.5,0.5,3.0,1.0,2.0,2.0,0.5,3.5,1.5'
\ E2E+: --param 'f64[]:1.0,0.5,2.0,1.5,3.0,1.0,0.5,2.0,0.5,2.5,1.0,0.5,2.0,1.5,3.0,1.0'
\ E2E+: --param 'f64[16]' --grid 2,2,1 --block 2,2,1 --output-param 2 --output-count 16
\ EXPECT-APPROX: 13.75,8.5,13.5,9.5,10.75,10.5,12.75,10.75,14.0,8.75,9.5,9.25,8.25,12.5,12.25,7.25
