\ \! const and -D: warpforth-run passes -D NAME=VALUE to the compiler, which
\ replaces a \! const of that name (in the code and in param sizes), may be
\ an expression over other constants or a float, adds new constants, and
\ a bare -D NAME means 1. The output size N*2 follows N.
\! kernel main
\! const N 3
\! const SCALE 1.5
\! const EXTRA 0
\! param OUT i64[N*2]
\! param FOUT f64[1]
N 0 DO I N * EXTRA + I CELLS OUT + ! LOOP
N S>F SCALE F* FOUT F!
\ Defaults: N=3: OUT = 0,3,6 then zeros (6 elements).
\ E2E: --param OUT=zeros --param FOUT=zeros --output-param OUT
\ EXPECT: 0,3,6,0,0,0
\ E2E: --param OUT=zeros --param FOUT=zeros --output-param FOUT
\ EXPECT: 4.5
\ -D N=4 (8 elements) -D EXTRA=100
\ E2E: --param OUT=zeros --param FOUT=zeros --output-param OUT -D N=4 -D EXTRA=100
\ EXPECT: 100,104,108,112,0,0,0,0
\ -D N=2 -D SCALE=0.25 -D EXTRA (bare: 1)
\ E2E: --param OUT=zeros --param FOUT=zeros --output-param OUT -D N=2 -D EXTRA
\ EXPECT: 1,3,0,0
\ E2E: --param OUT=zeros --param FOUT=zeros --output-param FOUT -D N=2 -D SCALE=0.25
\ EXPECT: 0.5
\ -D EXTRA=N*2+1 with -D N=5: an expression over an earlier constant, 11
\ E2E: --param OUT=zeros --param FOUT=zeros --output-param OUT -D N=5 -D EXTRA=N*2+1
\ EXPECT: 11,16,21,26,31,0,0,0,0,0
