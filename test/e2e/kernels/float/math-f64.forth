\ FEXP FSQRT FLOG FTANH F** on run-time f64 values (libdevice on the GPU,
\ libm-accurate on the CPU), plus the edge cases FLOG 0 = -inf,
\ FSQRT -1 = nan, FEXP of a large value = inf.
\! kernel main
\! param IN f64[2]
\! param OUT f64[16]
: >OUT ( x i -- ) FLOATS OUT + F! ;
: A IN F@ ;
: B IN FLOAT+ F@ ;
A FEXP          0 >OUT
A FABS FSQRT    1 >OUT
A FABS FLOG     2 >OUT
A FTANH         3 >OUT
A FABS B F**    4 >OUT
B FABS A F**    5 >OUT
0.0 FLOG        6 >OUT
-1.0 FSQRT      7 >OUT
1000.0 FEXP     8 >OUT
A FEXP FLOG     9 >OUT
2.0 0.5 F**     10 >OUT
\ Expected: Python math.exp, sqrt, log, tanh, pow (a = IN[0], b = IN[1]).
\ E2E: --param IN=1.25,-0.5 --param OUT=zeros --output-param OUT --output-count 11
\ EXPECT-APPROX: 3.4903429574618414,1.118033988749895,0.22314355131420976,0.8482836399575129,0.8944271909999159,0.42044820762685725,-inf,nan,inf,1.25,1.4142135623730951
\ E2E: --param IN=-3.5,2.5 --param OUT=zeros --output-param OUT --output-count 11
\ EXPECT-APPROX: 0.0301973834223185,1.8708286933869707,1.252762968495368,-0.9981778976111987,22.91765149399039,0.040477154050155256,-inf,nan,inf,-3.5,1.4142135623730951
