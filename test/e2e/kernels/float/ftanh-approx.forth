\ FTANH-APPROX ( x -- tanh(x) ): tanh.approx.f32 on the GPU (within
\ 2^-10.987 relative, PTX ISA), libm's tanhf on the CPU; odd, saturating
\ at +-1, 0 at 0, NaN for NaN.
\! kernel ftanh_approx_values
\! float f32
\! param IN f32[N]
\! param OUT f32[N]
\! param N i64
GLOBAL-ID DUP N < IF
  DUP 4 * IN + F32@ FTANH-APPROX  SWAP 4 * OUT + F32!
ELSE DROP THEN
\ Expected: Python math.tanh(x) of the f32 inputs.
\ E2E: --param IN=0.5,-0.5,2,-3,0.001,20,-inf,nan --param OUT=zeros --param N=8 --grid 1 --block 8 --output-param OUT --output-count 8
\ TOLERANCE: 5e-4
\ EXPECT-APPROX: 0.46211715726000974,-0.46211715726000974,0.9640275800758169,-0.9950547536867305,0.0009999996666668001,1,-1,nan
