\ FSIN FCOS FERF in f64 mode: libdevice __nv_sin/__nv_cos/__nv_erf on the
\ GPU (within 2 ulp, large arguments reduced exactly), libm on the CPU.
\ WHICH picks the word: 0 FSIN, 1 FCOS, 2 FERF.
\ Expected: Python's math.sin/cos/erf of the same doubles (pi is
\ 3.141592653589793, so sin(pi) is 1.2246467991473532e-16, not 0); sin and
\ cos of +-inf and NaN are NaN, erf(+-inf) is +-1.
\! kernel trig_erf_f64
\! param IN f64[N]
\! param OUT f64[N]
\! param N i64
\! param WHICH i64
GLOBAL-ID DUP N < IF
  DUP FLOATS IN + F@
  WHICH 0= IF FSIN THEN  WHICH 1 = IF FCOS THEN  WHICH 2 = IF FERF THEN
  SWAP FLOATS OUT + F!
ELSE DROP THEN
\ E2E: --param IN=0,0.5,-2,3.141592653589793,100,1e6,-30 --param OUT=zeros --param N=7 --param WHICH=0 --grid 1 --block 48 --output-param OUT
\ TOLERANCE: 1e-14
\ EXPECT-APPROX: 0.0,0.479425538604203,-0.9092974268256817,1.2246467991473532e-16,-0.5063656411097588,-0.34999350217129294,0.9880316240928618
\ E2E: --param IN=0,0.5,-2,3.141592653589793,100,1e6,-30 --param OUT=zeros --param N=7 --param WHICH=1 --grid 1 --block 48 --output-param OUT
\ TOLERANCE: 1e-14
\ EXPECT-APPROX: 1.0,0.8775825618903728,-0.4161468365471424,-1.0,0.8623188722876839,0.9367521275331447,0.15425144988758405
\ E2E: --param IN=0,0.5,-2,3.141592653589793,100,1e6,-30 --param OUT=zeros --param N=7 --param WHICH=2 --grid 1 --block 48 --output-param OUT
\ TOLERANCE: 1e-14
\ EXPECT-APPROX: 0.0,0.5204998778130465,-0.9953222650189527,0.9999911238536323,1.0,1.0,-1.0
\ E2E: --param IN=inf,-inf,nan --param OUT=zeros --param N=3 --param WHICH=0 --grid 1 --block 48 --output-param OUT
\ EXPECT-APPROX: nan,nan,nan
\ E2E: --param IN=inf,-inf,nan --param OUT=zeros --param N=3 --param WHICH=1 --grid 1 --block 48 --output-param OUT
\ EXPECT-APPROX: nan,nan,nan
\ E2E: --param IN=inf,-inf,nan --param OUT=zeros --param N=3 --param WHICH=2 --grid 1 --block 48 --output-param OUT
\ EXPECT-APPROX: 1,-1,nan
