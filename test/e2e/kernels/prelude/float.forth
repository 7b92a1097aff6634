\ The float words of the prelude: FSQUARE FDUP FDROP FSWAP FOVER F0= F0<
\ 1/F, in f64 mode and (--float f32) in f32 mode; the inputs are f32 values
\ read with F32@ so both modes see the same numbers.
\! kernel main
\! param IN f32[2]
\! param OUT f64[12]
\! param FLAGS i64[4]
: >OUT ( x i -- ) 8 * OUT + F! ;
IN F32@ { x }  IN 4 + F32@ { y }
x FSQUARE       0 >OUT
x FDUP F+       1 >OUT
x y FDROP       2 >OUT
x y FSWAP F-    3 >OUT
x y FOVER F- F* 4 >OUT
y 1/F           5 >OUT
x F0= FLAGS !   y F0= FLAGS 8 + !   x F0< FLAGS 16 + !   y F0< FLAGS 24 + !
\ The stores above are F! in the float mode's width into an f64 array; in
\ f32 mode that would write f32 bits, so OUT is written only in f64 mode
\ and the f32 run checks the flags.
\ x=-1.5 y=0.5: 2.25, -3, -1.5, y-x = 2, x*(y-x) = -3, 2
\ E2E: --param IN=-1.5,0.5 --param OUT=zeros --param FLAGS=zeros --output-param OUT --output-count 6
\ EXPECT: 2.25,-3,-1.5,2,-3,2
\ E2E: --param IN=-1.5,0.5 --param OUT=zeros --param FLAGS=zeros --output-param FLAGS
\ EXPECT: 0,0,-1,0
\ E2E: --param IN=0.0,-0.25 --param OUT=zeros --param FLAGS=zeros --output-param FLAGS --float f32
\ EXPECT: -1,0,0,-1
\ x=0 y=-0.25: 0*(-0.25) is -0 (IEEE); 1/-0.25 = -4
\ E2E: --param IN=0.0,-0.25 --param OUT=zeros --param FLAGS=zeros --output-param OUT --output-count 6
\ EXPECT: 0,0,0,-0.25,-0,-4
