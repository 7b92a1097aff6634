\ FRSQRT ( x -- 1/sqrt(x) ): rsqrt.approx.f32 on the GPU (2^-22.9 relative
\ error), 1/sqrt in f32 on the CPU; the special values are exact.
\! kernel frsqrt_values
\! float f32
\! param IN f32[N]
\! param OUT f32[N]
\! param N i64
GLOBAL-ID DUP N < IF
  DUP 4 * IN + F32@ FRSQRT  SWAP 4 * OUT + F32!
ELSE DROP THEN
\ Expected: Python 1/math.sqrt(x); 1/sqrt(0) = inf, 1/sqrt(-1) = nan,
\ 1/sqrt(inf) = 0.
\ E2E: --param IN=4,0.25,2,1e-30,0,-1,inf --param OUT=zeros --param N=7 --grid 1 --block 8 --output-param OUT --output-count 7
\ TOLERANCE: 2e-7
\ EXPECT-APPROX: 0.5,2,0.7071067811865475,1e15,inf,nan,0
\ In f64 mode the value goes through f32: 1/sqrt(3) to f32 precision.
\ E2E: --float f64 --param IN=3 --param OUT=zeros --param N=1 --grid 1 --block 1 --output-param OUT --output-count 1
\ TOLERANCE: 2e-7
\ EXPECT-APPROX: 0.5773502691896258
