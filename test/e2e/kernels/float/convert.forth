\ S>F and F>S: F>S truncates toward zero (also for negatives) and
\ saturates; NaN gives 0. The public tests: 7 S>F 1.5 F* = 10.5 and
\ 7.9 F>S = 7.
\! kernel main
\! param X f64[1]
\! param N i64[1]
\! param OUT i64[8]
\! param FOUT f64[4]
: >OUT ( n i -- ) CELLS OUT + ! ;
X F@ F>S          0 >OUT
X F@ FNEG F>S     1 >OUT
N @ S>F 1.5 F* F>S  2 >OUT
7.9 F>S           3 >OUT
-7.9 F>S          4 >OUT
1.0e30 F>S        5 >OUT
-1.0e30 F>S       6 >OUT
0.0 0.0 F/ F>S    7 >OUT
N @ S>F 1.5 F*  FOUT F!
7 S>F 1.5 F*    FOUT 8 + F!
N @ S>F 3.0 F/  FOUT 16 + F!
\ X=2.9, N=-3: 2 -2 -4(-4.5 truncates) 7 -7 MAX MIN 0
\ E2E: --param X=2.9 --param N=-3 --param OUT=zeros --param FOUT=zeros --output-param OUT
\ EXPECT: 2,-2,-4,7,-7,9223372036854775807,-9223372036854775808,0
\ E2E: --param X=2.9 --param N=-3 --param OUT=zeros --param FOUT=zeros --output-param FOUT --output-count 3
\ EXPECT-APPROX: -4.5,10.5,-1
\ X=-0.5 truncates to 0 both ways; X=1e19 saturates; N = 2^53+1 rounds.
\ E2E: --param X=-0.5 --param N=7 --param OUT=zeros --param FOUT=zeros --output-param OUT --output-count 3
\ EXPECT: 0,0,10
\ E2E: --param X=1e19 --param N=9007199254740993 --param OUT=zeros --param FOUT=zeros --output-param OUT --output-count 3
\ EXPECT: 9223372036854775807,-9223372036854775808,13510798882111488
