\ Sizes written with % and hex in the header reach the runtime, which
\ evaluates them with the launch's scalar params: X holds N%3+$10 = 18
\ elements, Y holds M%4 = 2 for M=6.
\! kernel main
\! const N 5
\! param X i64[N%3+$10]
\! param M i64
\! param Y i64[M%4]
17 CELLS X + @  M +  Y CELL+ !
\ E2E: --param 'X=i64[]:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,40' --param M=6 --param Y=zeros --output-param Y --output-count 2
\ EXPECT: 0,46
\ With M=7, Y holds 3 elements (the runtime sizes the zeros from M%4).
\ E2E: --param 'X=i64[]:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,40' --param M=7 --param Y=zeros --output-param Y --output-count 3
\ EXPECT: 0,47,0
