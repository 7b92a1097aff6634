\ FLSE-COMBINE ( m1 l1 m2 l2 -- m l ) on the quadruples of IN, in f64 and
\ f32 mode: m = max(m1, m2), l = l1*exp(m1-m) + l2*exp(m2-m).
\ Expected (Python): (1,2,3,4) and (3,4,1,2) -> (3, 4.270670566473226);
\ (0.5,1,0.5,3) -> (0.5, 4); two -inf maxima (nothing seen) -> (-inf, 0+0),
\ not NaN; one -inf max -> the other state unchanged; a NaN max -> l NaN
\ (the max is the other one: FMAX skips a NaN).
\! kernel lse_combine
\! param IN f32[N*4]
\! param OUT f32[N*2]
\! param N i64
: IN@ ( i k -- x ) SWAP 4 * + 4 * IN + F32@ ;
GLOBAL-ID DUP N < IF
  { i }  i 0 IN@  i 1 IN@  i 2 IN@  i 3 IN@  FLSE-COMBINE
  i 2 * 1 + 4 * OUT + F32!  i 2 * 4 * OUT + F32!
ELSE DROP THEN
\ E2E: --param IN=1,2,3,4,3,4,1,2,0.5,1,0.5,3,-inf,0,-inf,0,-inf,0,2,5,2,5,-inf,0,nan,1,0,1 --param OUT=zeros --param N=7 --grid 1 --block 100 --output-param OUT
\ TOLERANCE: 1e-7
\ EXPECT-APPROX: 3,4.270670566473226,3,4.270670566473226,0.5,4,-inf,0,2,5,2,5,0,nan
\ E2E: --float f32 --param IN=1,2,3,4,3,4,1,2,0.5,1,0.5,3,-inf,0,-inf,0,-inf,0,2,5,2,5,-inf,0,nan,1,0,1 --param OUT=zeros --param N=7 --grid 1 --block 100 --output-param OUT
\ TOLERANCE: 1e-6
\ EXPECT-APPROX: 3,4.270670566473226,3,4.270670566473226,0.5,4,-inf,0,2,5,2,5,0,nan
