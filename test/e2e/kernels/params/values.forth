\ The --param value forms: lists padded with zeros to the declared size,
\ zeros, ones, iota, zeros(N) for an unsized array, hex, inf and nan, .npy
\ files (written by a few lines of Python struct code; f32, i16, a 2x2
\ f64), and random values, which must lie in [0,100) for integers and in
\ [lo,hi) for floats. The kernel copies A (i64), X (f64) and counts random
\ values outside their range.
\! kernel main
\! param A i64[6]
\! param X f64[4]
\! param S i16[3]
\! param F f32[3]
\! param U i64[]
\! param RI i64[64]
\! param RF f64[64]
\! param OUT i64[4]
: >OUT ( n i -- ) CELLS OUT + ! ;
0 64 0 DO I CELLS RI + @ DUP 0< SWAP 99 > OR IF 1+ THEN LOOP  0 >OUT
0 64 0 DO I CELLS RF + F@ DUP -2.0 F< SWAP 2.0 F>= OR IF 1+ THEN LOOP  1 >OUT
0 64 0 DO I CELLS RF + F@ I CELLS RF + F@ F<> IF 1+ THEN LOOP  2 >OUT
S 2 + I16@ U @ + 3 >OUT
\ Lists pad with zeros; 0x hex works.
\ E2E: --param A=1,0x10,-3 --param X=ones --param S=iota --param F=zeros --param 'U=zeros(2)'
\ E2E+: --param 'RI=random(seed=1)' --param 'RF=random(seed=2,lo=-2,hi=2)' --param OUT=zeros --output-param A
\ EXPECT: 1,16,-3,0,0,0
\ E2E: --param A=iota --param X=1.5,inf,-inf,nan --param S=iota --param F=ones --param 'U=zeros(2)'
\ E2E+: --param 'RI=random(seed=1)' --param 'RF=random(seed=2,lo=-2,hi=2)' --param OUT=zeros --output-param X
\ EXPECT: 1.5,inf,-inf,nan
\ E2E: --param A=iota --param X=1 --param S=iota --param F=ones --param 'U=zeros(2)'
\ E2E+: --param 'RI=random(seed=1)' --param 'RF=random(seed=2,lo=-2,hi=2)' --param OUT=zeros --output-param A
\ EXPECT: 0,1,2,3,4,5
\ Random values stay in range and are not NaN; S[1] + U[0] = 1 + 0.
\ E2E: --param A=iota --param X=1 --param S=iota --param F=ones --param 'U=zeros(2)'
\ E2E+: --param 'RI=random(seed=1)' --param 'RF=random(seed=2,lo=-2,hi=2)' --param OUT=zeros --output-param OUT
\ EXPECT: 0,0,0,1
\ .npy inputs: i16 [-3,300,7], f32 [1.5,-2,0.25], a 2x2 f64 [[1,2],[3,4.5]].
\ E2E: --param A=iota --param X=@data/f64x2x2.npy --param S=@data/i16x3.npy --param F=@data/f32x3.npy
\ E2E+: --param 'U=zeros(1)' --param 'RI=random(seed=1)' --param 'RF=random(seed=2)' --param OUT=zeros --output-param X
\ EXPECT: 1,2,3,4.5
\ E2E: --param A=iota --param X=@data/f64x2x2.npy --param S=@data/i16x3.npy --param F=@data/f32x3.npy
\ E2E+: --param 'U=zeros(1)' --param 'RI=random(seed=1)' --param 'RF=random(seed=2)' --param OUT=zeros --output-param F
\ EXPECT: 1.5,-2,0.25
\ S[1] = 300 from the file, plus U[0] = 0.
\ E2E: --param A=iota --param X=@data/f64x2x2.npy --param S=@data/i16x3.npy --param F=@data/f32x3.npy
\ E2E+: --param 'U=zeros(1)' --param 'RI=random(seed=1)' --param 'RF=random(seed=2)' --param OUT=zeros --output-param OUT
\ EXPECT: 0,0,0,300
\ A .npy of the wrong dtype (f64 for the i64 param U) is refused.
\ E2E-ERROR: --param A=iota --param X=1 --param S=iota --param F=ones --param U=@data/f64x3.npy
\ E2E+: --param 'RI=random(seed=1)' --param 'RF=random(seed=2)' --param OUT=zeros
\ EXPECT-STDERR: param 'U'
