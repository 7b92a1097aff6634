\ The tree reduction on floats (SF@ SF! FMAX F+), read with F32@ and
\ written with F32! so that it runs in f64 mode and, with --float f32, in
\ f32 mode (the shared arrays are addressed with FLOATS). The data are
\ multiples of 1/8, so every partial sum is exact in both widths.
\ Expected: Python sum() and max() of the .npy values per block of 256.
\! kernel main
\! param IN f32[512]
\! param SUM f32[2]
\! param MAX f32[2]
\! shared S f64[256]
\! shared M f64[256]
TID-X { t }
: S[] ( i -- addr ) FLOATS S + ;
: M[] ( i -- addr ) FLOATS M + ;
GLOBAL-ID 4 * IN + F32@ DUP t S[] SF! t M[] SF!
BARRIER
128 BEGIN DUP 0> WHILE
  t OVER < IF
    t S[] SF@ OVER t + S[] SF@ F+ t S[] SF!
    t M[] SF@ OVER t + M[] SF@ FMAX t M[] SF!
  THEN
  BARRIER
  2/
REPEAT DROP
t 0= IF
  0 S[] SF@ BID-X 4 * SUM + F32!
  0 M[] SF@ BID-X 4 * MAX + F32!
THEN
\ E2E: --param IN=@data/floats512.npy --param SUM=zeros --param MAX=zeros --grid 2 --block 256 --output-param SUM
\ EXPECT: 208.875,-1164.25
\ E2E: --param IN=@data/floats512.npy --param SUM=zeros --param MAX=zeros --grid 2 --block 256 --output-param MAX
\ EXPECT: 121.75,125
\ E2E: --param IN=@data/floats512.npy --param SUM=zeros --param MAX=zeros --grid 2 --block 256 --output-param SUM --float f32
\ EXPECT: 208.875,-1164.25
\ E2E: --param IN=@data/floats512.npy --param SUM=zeros --param MAX=zeros --grid 2 --block 256 --output-param MAX --float f32
\ EXPECT: 121.75,125
