\ The float words in f32 mode: every float slot and F@/F! is 32 bits.
\ Expected values: Python, with the inputs rounded to f32 first
\ (struct.pack('f')); compared with relative tolerance 1e-5.
\! kernel main
\! float f32
\! param IN f32[2]
\! param OUT f32[24]
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
A FEXP          9 >OUT
A FABS FSQRT    10 >OUT
A FABS FLOG     11 >OUT
A FTANH         12 >OUT
A FABS B F**    13 >OUT
A 0.0 F/        14 >OUT
0.0 FLOG        15 >OUT
-1.0 FSQRT      16 >OUT
100.0 FEXP      17 >OUT
A B F<  -1 =  IF 1.0 ELSE 2.0 THEN  18 >OUT
A F>S S>F  19 >OUT
\ 100 FEXP overflows f32 to inf; 19 is A truncated toward zero.
\ E2E: --param IN=-2.75,1.5 --param OUT=zeros --output-param OUT --output-count 20
\ EXPECT-APPROX: -1.25,-4.25,-4.125,-1.8333333333333333,2.75,2.75,1.5,-2.75,-3,0.06392786120670757,1.6583123951777,1.0116009116784799,-0.9918597245682077,4.560359086738675,-inf,-inf,nan,inf,1,-2
\ E2E: --param IN=0.7,-1.3 --param OUT=zeros --output-param OUT --output-count 20
\ EXPECT-APPROX: -0.5999999642372131,1.9999999403953552,-0.9099999511241919,-0.538461549042245,-0.699999988079071,0.699999988079071,0.699999988079071,-1.2999999523162842,0,2.0137526834646735,0.8366600194099578,-0.35667496096863105,0.604367769550478,1.5899100340163341,inf,-inf,nan,inf,2,0
