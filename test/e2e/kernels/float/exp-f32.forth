\ FEXP2 and FEXP in f32 mode: one ex2.approx.ftz on the GPU (FEXP scales by
\ log2 e first), results below 2^-126 flushed to zero, as CUDA's fast-math
\ exp2f/expf; the CPU backend flushes the same results. A = 2^IN, B = e^IN.
\! kernel exp_f32_values
\! float f32
\! param IN f32[N]
\! param A f32[N]
\! param B f32[N]
\! param N i64
GLOBAL-ID DUP N < IF
  { i }  i 4 * IN + F32@ { x }
  x FEXP2  i 4 * A + F32!
  x FEXP   i 4 * B + F32!
ELSE DROP THEN
\ Expected: Python 2.0**x (0 where the result is below 2^-126: -126.5,
\ -130, -149, -inf), ex2.approx's 2 ulp.
\ E2E: --param IN=3,-1.5,0,10.25,-100,-125.5,-126.5,-130,-149,-inf,inf --param A=zeros --param B=zeros --param N=11 --grid 1 --block 16 --output-param A --output-count 11
\ TOLERANCE: 3e-7
\ EXPECT-APPROX: 8,0.3535533905932738,1,1217.7480857627863,7.888609052210118e-31,1.662400053425836e-38,0,0,0,0,inf
\ The flushed results are exactly 0 (an expected 0 allows TOLERANCE of
\ absolute error: 1e-45 is below the smallest subnormal, 1.4e-45).
\ E2E: --param IN=-126.5,-130,-149 --param A=zeros --param B=zeros --param N=3 --grid 1 --block 4 --output-param A --output-count 3
\ TOLERANCE: 1e-46
\ EXPECT-APPROX: 0,0,0
\ Expected: Python math.exp(x), 0 below 2^-126 (x < -87.34: -88, -100);
\ x log2 e is rounded to f32 first (relative error up to |x| 2^-24).
\ E2E: --param IN=1,-2.5,0,20,-80,-88,-100,-inf --param A=zeros --param B=zeros --param N=8 --grid 1 --block 8 --output-param B --output-count 8
\ TOLERANCE: 3e-6
\ EXPECT-APPROX: 2.718281828459045,0.0820849986238988,1,485165195.4097903,1.8048513878454153e-35,0,0,0
\ E2E: --param IN=-88,-100 --param A=zeros --param B=zeros --param N=2 --grid 1 --block 2 --output-param B --output-count 2
\ TOLERANCE: 1e-46
\ EXPECT-APPROX: 0,0
