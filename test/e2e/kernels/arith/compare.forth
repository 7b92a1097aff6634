\ = < > <> <= >= 0= U< U> and the prelude's 0< 0> 0<> WITHIN: true is -1,
\ false 0. U< and U> compare as unsigned, so -1 is the largest.
\! kernel main
\! param IN i64[2]
\! param OUT i64[16]
: >OUT ( n i -- ) CELLS OUT + ! ;
: A IN @ ;
: B IN 8 + @ ;
A B =   0 >OUT
A B <   1 >OUT
A B >   2 >OUT
A B <>  3 >OUT
A B <=  4 >OUT
A B >=  5 >OUT
A 0=    6 >OUT
A B U<  7 >OUT
A B U>  8 >OUT
A 0<    9 >OUT
A 0>    10 >OUT
A 0<>   11 >OUT
\ Columns: = < > <> <= >= 0=(A) U< U> 0<(A) 0>(A) 0<>(A)
\ E2E: --param IN=3,5 --param OUT=zeros --output-param OUT --output-count 12
\ EXPECT: 0,-1,0,-1,-1,0,0,-1,0,0,-1,-1
\ E2E: --param IN=5,5 --param OUT=zeros --output-param OUT --output-count 12
\ EXPECT: -1,0,0,0,-1,-1,0,0,0,0,-1,-1
\ -1 < 1 signed, but as unsigned -1 is 2^64-1 > 1.
\ E2E: --param IN=-1,1 --param OUT=zeros --output-param OUT --output-count 12
\ EXPECT: 0,-1,0,-1,-1,0,0,0,-1,-1,0,-1
\ E2E: --param IN=0,-9223372036854775808 --param OUT=zeros --output-param OUT --output-count 12
\ EXPECT: 0,0,-1,-1,0,-1,-1,-1,0,0,0,0
