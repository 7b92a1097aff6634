\ F+ F- F* F/ FNEG FABS FMAX FMIN FLOOR and the prelude's FSQUARE 1/F on
\ run-time f64 values; x/0.0 is inf, 0.0/0.0 is nan.
\! kernel main
\! param IN f64[2]
\! param OUT f64[16]
: >OUT ( x i -- ) FLOATS OUT + F! ;
: A IN F@ ;
: B IN FLOAT+ F@ ;
A B F+    0 >OUT
A B F-    1 >OUT
A B F*    2 >OUT
A B F/    3 >OUT
A FNEG    4 >OUT
A FABS    5 >OUT
A B FMAX  6 >OUT
A B FMIN  7 >OUT
A FLOOR   8 >OUT
A FSQUARE 9 >OUT
A 1/F     10 >OUT
A 0.0 F/  11 >OUT
0.0 0.0 F/ 12 >OUT
\ Expected values: Python floats (a+b, a-b, a*b, a/b, -a, abs(a), max, min,
\ math.floor(a), a*a, 1/a, a/0 -> copysign(inf, a), nan).
\ E2E: --param IN=-2.75,1.5 --param OUT=zeros --output-param OUT --output-count 13
\ EXPECT-APPROX: -1.25,-4.25,-4.125,-1.8333333333333333,2.75,2.75,1.5,-2.75,-3,7.5625,-0.36363636363636365,-inf,nan
\ E2E: --param IN=3.3,-0.4 --param OUT=zeros --output-param OUT --output-count 13
\ EXPECT-APPROX: 2.9,3.6999999999999997,-1.32,-8.249999999999998,-3.3,3.3,3.3,-0.4,3,10.889999999999999,0.30303030303030304,inf,nan
\ Exactly representable results print exactly (shortest round-trip form).
\ E2E: --param IN=1.5,2.5 --param OUT=zeros --output-param OUT --output-count 4
\ EXPECT: 4,-1,3.75,0.6
