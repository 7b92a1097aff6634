\ I32*: 32-bit multiply for index math; the result is the low 32 bits,
\ sign-extended. Expected: Python, wrap to 32 bits then sign-extend.
\! kernel main
\! param IN i64[2]
\! param OUT i64[2]
IN @ IN 8 + @ I32*  OUT !
65536 65536 I32*  OUT 8 + !
\ E2E: --param IN=7,-3 --param OUT=zeros --output-param OUT
\ EXPECT: -21,0
\ E2E: --param IN=2147483647,2 --param OUT=zeros --output-param OUT
\ EXPECT: -2,0
\ E2E: --param IN=-2147483648,-1 --param OUT=zeros --output-param OUT
\ EXPECT: -2147483648,0
\ E2E: --param IN=4294967301,3 --param OUT=zeros --output-param OUT
\ EXPECT: 15,0
\ E2E: --param IN=123456789,1000 --param OUT=zeros --output-param OUT
\ EXPECT: -1097262584,0
