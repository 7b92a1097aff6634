\ >R R> R@: order, nesting, use inside a loop and across IF/ELSE.
\! kernel main
\! param IN i64[2]
\! param OUT i64[8]
: >OUT ( n i -- ) CELLS OUT + ! ;
: A IN @ ;
: B IN 8 + @ ;
A >R B R@ R>              2 >OUT 1 >OUT 0 >OUT
10 >R 20 >R 30 R> R>      5 >OUT 4 >OUT 3 >OUT
0 5 0 DO I >R R@ + R> + LOOP   6 >OUT
A >R A 0> IF R> 1+ ELSE R> 1- THEN   7 >OUT
\ A=5 B=7: B A A | 30 20 10 | sum of 2*I for I<5 = 20 | A>0 so A+1
\ E2E: --param IN=5,7 --param OUT=zeros --output-param OUT
\ EXPECT: 7,5,5,30,20,10,20,6
\ E2E: --param IN=-3,0 --param OUT=zeros --output-param OUT
\ EXPECT: 0,-3,-3,30,20,10,20,-4
