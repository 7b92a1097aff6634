\ IEEE edge cases of the float words, the same on the CPU and the GPU:
\ FMAX/FMIN with one NaN give the other operand (maxNum/minNum), F** as C
\ pow (0^0 = 1, negative base with an integer exponent, NaN for a
\ negative base with a fractional one), FLOOR of negatives, FABS of -0,
\ FSQRT of -0 = -0, FTANH saturating at +-1, FEXP of -inf = 0, FLOG of
\ inf = inf, F>S of +-inf saturates. Expected: Python math (fmax by hand).
\ Inputs come from IN (f64) so nothing folds. Compared numerically (libdevice
\ pow is within 2 ulp), so -0 and 0 are not told apart here.
\! kernel main
\! param IN f64[4]
\! param OUT f64[24]
\! param IOUT i64[2]
: >OUT ( x i -- ) FLOATS OUT + F! ;
: IN-NAN IN F@ ;      \ IN[0] = nan
: X IN 8 + F@ ;    \ IN[1] = x
: IN-INF IN 16 + F@ ; \ IN[2] = inf
IN-NAN X FMAX   0 >OUT
X IN-NAN FMAX   1 >OUT
IN-NAN X FMIN   2 >OUT
X IN-NAN FMIN   3 >OUT
X FNEG X F- X FNEG X F- F* 0.0 F* X X F- F**  4 >OUT
-2.0 X X F- 3.0 F+ F**   5 >OUT
-8.0 1.0 3.0 F/ F**      6 >OUT
X FLOOR                  7 >OUT
X FNEG FLOOR             8 >OUT
0.0 FNEG FABS            9 >OUT
0.0 FNEG FSQRT           10 >OUT
X 100.0 F* FTANH         11 >OUT
X -100.0 F* FTANH        12 >OUT
IN-INF FNEG FEXP            13 >OUT
IN-INF FLOG                 14 >OUT
2.0 X FNEG F**           15 >OUT
IN-INF F>S IOUT !   IN-INF FNEG F>S IOUT 8 + !
\ x = 2.5: 2.5 2.5 2.5 2.5 | 0^0 = 1 | (-2)^3 = -8 | nan | 2 | -3 | 0 |
\ -0 | 1 | -1 | 0 | inf | 2^-2.5 = 0.1767766952966369
\ E2E: --param IN=nan,2.5,inf --param OUT=zeros --param IOUT=zeros --output-param OUT --output-count 16
\ EXPECT-APPROX: 2.5,2.5,2.5,2.5,1,-8,nan,2,-3,0,-0,1,-1,0,inf,0.1767766952966369
\ E2E: --param IN=nan,2.5,inf --param OUT=zeros --param IOUT=zeros --output-param IOUT
\ EXPECT: 9223372036854775807,-9223372036854775808
\ x = -0.5: FLOOR -1, FLOOR 0.5 = 0, tanh(-50) = -1, tanh(50) = 1, 2^0.5
\ E2E: --param IN=nan,-0.5,inf --param OUT=zeros --param IOUT=zeros --output-param OUT --output-count 16
\ EXPECT-APPROX: -0.5,-0.5,-0.5,-0.5,1,-8,nan,-1,0,0,-0,-1,1,0,inf,1.4142135623730951
