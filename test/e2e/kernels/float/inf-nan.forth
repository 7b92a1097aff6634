\ Infinity and NaN literals (inf +inf -inf nan, any case), in code, in a
\ \! const and from -D, in f64 and f32 mode. Expected values follow IEEE 754:
\ inf-inf and 0*inf are NaN, 1/inf is 0, NaN compares unequal to itself.
\! kernel inf_nan
\! param OUT f32[8]
\! param FLAGS i64[3]
\! const LOW -INF
\! const HIGH 0.0
: >OUT ( x i -- ) 4 * OUT + F32! ;
inf 0 >OUT  -inf 1 >OUT  NaN 2 >OUT  LOW 3 >OUT
+inf inf F- 4 >OUT  0.0 inf F* 5 >OUT  1.0 -inf F/ 6 >OUT  HIGH 7 >OUT
nan nan F= FLAGS !  -inf 1.0e300 FNEG F< FLAGS 8 + !  inf inf F= FLAGS 16 + !
\ E2E: --param OUT=zeros --param FLAGS=zeros -D HIGH=+inf --output-param OUT
\ EXPECT-APPROX: inf,-inf,nan,-inf,nan,nan,-0,inf
\ E2E: --float f32 --param OUT=zeros --param FLAGS=zeros -D HIGH=nan --output-param OUT
\ EXPECT-APPROX: inf,-inf,nan,-inf,nan,nan,-0,nan
\ E2E: --param OUT=zeros --param FLAGS=zeros -D HIGH=1.0 --output-param FLAGS
\ EXPECT: 0,-1,-1
