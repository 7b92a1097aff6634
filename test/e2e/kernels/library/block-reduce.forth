\ FBLOCK-SUM and FBLOCK-MAX over blocks of any size and shape, partial last
\ warps included (48, 100, 1000, 105 threads), called three times in a row
\ on one scratch array, the third on a value made from the second's result.
\ Thread t holds x = (37t mod 101) - 50 (integers: every sum is exact in
\ f32). Thread 0 of block 0 writes s = sum x, m = max x and sum (m - x)
\ to OUT[0..2] (as integers); every thread also folds the block's values
\ serially and counts into OUT[3] when a reduction differs from that. Two
\ blocks share nothing.
\ Expected (Python): v = [(t*37) % 101 - 50 for t in range(n)];
\ sum(v), max(v), n*max(v) - sum(v); 0 mismatches.
\! kernel block_reduce
\! param OUT i64[4]
\! shared RED f64[32]
: TID ( -- t )   TID-Z BDIM-Y * TID-Y + BDIM-X * TID-X + ;
: VAL ( t -- x ) 37 * 101 MOD 50 - S>F ;
TID VAL { x }
x RED FBLOCK-SUM { s }
x RED FBLOCK-MAX { m }
m x F- RED FBLOCK-SUM { d }
0.0  BLOCK-THREADS 0 DO I VAL F+ LOOP { rs }
-inf BLOCK-THREADS 0 DO I VAL FMAX LOOP { rm }
s rs F<>  m rm F<> OR  d BLOCK-THREADS S>F rm F* rs F- F<> OR IF
  1 OUT 24 + ATOMIC-ADD DROP
THEN
TID 0= BID-X 0= AND IF  s F>S OUT !  m F>S OUT 8 + !  d F>S OUT 16 + !  THEN
\ E2E: --param OUT=zeros --grid 2 --block 48 --output-param OUT
\ EXPECT: -54,50,2454,0
\ E2E: --param OUT=zeros --grid 2 --block 100 --output-param OUT
\ EXPECT: -14,50,5014,0
\ E2E: --param OUT=zeros --grid 2 --block 1000 --output-param OUT
\ EXPECT: 10,50,49990,0
\ E2E: --param OUT=zeros --grid 2 --block 1024 --output-param OUT
\ EXPECT: -60,50,51260,0
\ E2E: --param OUT=zeros --grid 2 --block 32 --output-param OUT
\ EXPECT: -14,50,1614,0
\ E2E: --param OUT=zeros --grid 2 --block 1 --output-param OUT
\ EXPECT: -50,-50,0,0
\ E2E: --param OUT=zeros --grid 2 --block 7,5,3 --output-param OUT
\ EXPECT: -79,50,5329,0
\ E2E: --param OUT=zeros --grid 2 --block 48 --output-param OUT --float f32
\ EXPECT: -54,50,2454,0
\ E2E: --param OUT=zeros --grid 2 --block 100 --output-param OUT --float f32
\ EXPECT: -14,50,5014,0
\ E2E: --param OUT=zeros --grid 2 --block 1000 --output-param OUT --float f32
\ EXPECT: 10,50,49990,0
\ E2E: --param OUT=zeros --grid 2 --block 1024 --output-param OUT --float f32
\ EXPECT: -60,50,51260,0
\ E2E: --param OUT=zeros --grid 2 --block 32 --output-param OUT --float f32
\ EXPECT: -14,50,1614,0
\ E2E: --param OUT=zeros --grid 2 --block 1 --output-param OUT --float f32
\ EXPECT: -50,-50,0,0
\ E2E: --param OUT=zeros --grid 2 --block 7,5,3 --output-param OUT --float f32
\ EXPECT: -79,50,5329,0
