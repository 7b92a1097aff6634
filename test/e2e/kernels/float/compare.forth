\ F= F< F> F<> F<= F>= and the prelude's F0= F0<, giving -1/0. With a NaN
\ operand every comparison is false except F<>, which is true. 0.0 and
\ -0.0 are equal. The inputs are f32 loaded with F32@, so the same kernel
\ runs in f64 mode and (with --float f32) in f32 mode.
\! kernel main
\! param IN f32[2]
\! param OUT i64[8]
: >OUT ( n i -- ) CELLS OUT + ! ;
: A IN F32@ ;
: B IN 4 + F32@ ;
A B F=   0 >OUT
A B F<   1 >OUT
A B F>   2 >OUT
A B F<>  3 >OUT
A B F<=  4 >OUT
A B F>=  5 >OUT
A F0=    6 >OUT
A F0<    7 >OUT
\ Columns: F= F< F> F<> F<= F>= F0=(A) F0<(A)
\ E2E: --param IN=1.5,2.5 --param OUT=zeros --output-param OUT
\ EXPECT: 0,-1,0,-1,-1,0,0,0
\ E2E: --param IN=2.5,2.5 --param OUT=zeros --output-param OUT
\ EXPECT: -1,0,0,0,-1,-1,0,0
\ E2E: --param IN=nan,1.0 --param OUT=zeros --output-param OUT
\ EXPECT: 0,0,0,-1,0,0,0,0
\ E2E: --param IN=nan,nan --param OUT=zeros --output-param OUT
\ EXPECT: 0,0,0,-1,0,0,0,0
\ E2E: --param IN=0.0,-0.0 --param OUT=zeros --output-param OUT
\ EXPECT: -1,0,0,0,-1,-1,-1,0
\ E2E: --param IN=-inf,1 --param OUT=zeros --output-param OUT
\ EXPECT: 0,-1,0,-1,-1,0,0,-1
\ E2E: --param IN=-0.5,inf --param OUT=zeros --output-param OUT
\ EXPECT: 0,-1,0,-1,-1,0,0,-1
\ The same in f32 mode.
\ E2E: --param IN=1.5,2.5 --param OUT=zeros --output-param OUT --float f32
\ EXPECT: 0,-1,0,-1,-1,0,0,0
\ E2E: --param IN=nan,1.0 --param OUT=zeros --output-param OUT --float f32
\ EXPECT: 0,0,0,-1,0,0,0,0
\ E2E: --param IN=nan,nan --param OUT=zeros --output-param OUT --float f32
\ EXPECT: 0,0,0,-1,0,0,0,0
\ E2E: --param IN=0.0,-0.0 --param OUT=zeros --output-param OUT --float f32
\ EXPECT: -1,0,0,0,-1,-1,-1,0
