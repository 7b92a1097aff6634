\ IF ELSE THEN, nested three deep, IF without ELSE, and a merge where the
\ branches leave different values. One thread per input value.
\! kernel main
\! param IN i64[8]
\! param OUT i64[24]
: CLASSIFY ( n -- code )  \ -1 negative, 0 zero, 1 odd, 2 even
  DUP 0< IF DROP -1
  ELSE DUP 0= IF DROP 0
       ELSE 2 MOD 0= IF 2 ELSE 1 THEN
       THEN
  THEN ;
TID-X { t }
t CELLS IN + @ { x }
x CLASSIFY                      t CELLS OUT + !
x DUP 5 > IF 100 + THEN         t 8 + CELLS OUT + !
x 0> IF x 3 > IF 30 ELSE 20 THEN x * ELSE x -1 = IF 7 ELSE x 2 * THEN THEN
                                t 16 + CELLS OUT + !
\ x:                      -5  0  3   4  -2   7   10  -1
\ CLASSIFY:               -1  0  1   2  -1   1   2   -1
\ x>5 ? x+100 : x:        -5  0  3   4  -2  107 110  -1
\ x>0 ? x*(x>3?30:20) : (x=-1 ? 7 : 2x):
\                         -10 0  60 120 -4  210 300  7
\ E2E: --param IN=-5,0,3,4,-2,7,10,-1 --param OUT=zeros --block 8 --output-param OUT
\ EXPECT: -1,0,1,2,-1,1,2,-1,-5,0,3,4,-2,107,110,-1,-10,0,60,120,-4,210,300,7
