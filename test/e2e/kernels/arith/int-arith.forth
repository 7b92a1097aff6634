\ + - * / MOD on run-time values: / truncates toward zero, MOD takes the
\ dividend's sign, x/0 = 0, x MOD 0 = 0, MIN/-1 wraps to MIN, and + - *
\ wrap around modulo 2^64.
\! kernel main
\! param IN i64[2]
\! param OUT i64[8]
: >OUT ( n i -- ) CELLS OUT + ! ;
: A IN @ ;
: B IN 8 + @ ;
A B +    0 >OUT
A B -    1 >OUT
A B *    2 >OUT
A B /    3 >OUT
A B MOD  4 >OUT
B A /    5 >OUT
B A MOD  6 >OUT
\ Columns: a+b a-b a*b a/b a%b b/a b%a
\ E2E: --param IN=17,5 --param OUT=zeros --output-param OUT --output-count 7
\ EXPECT: 22,12,85,3,2,0,5
\ E2E: --param IN=-17,5 --param OUT=zeros --output-param OUT --output-count 7
\ EXPECT: -12,-22,-85,-3,-2,0,5
\ E2E: --param IN=17,-5 --param OUT=zeros --output-param OUT --output-count 7
\ EXPECT: 12,22,-85,-3,2,0,-5
\ E2E: --param IN=-17,-5 --param OUT=zeros --output-param OUT --output-count 7
\ EXPECT: -22,-12,85,3,-2,0,-5
\ -7/2 = -3.5 truncates to -3, -7 MOD 2 = -1
\ E2E: --param IN=-7,2 --param OUT=zeros --output-param OUT --output-count 7
\ EXPECT: -5,-9,-14,-3,-1,0,2
\ Division by zero: 7/0 = 0, 7 MOD 0 = 0, 0/7 = 0, 0 MOD 7 = 0.
\ E2E: --param IN=7,0 --param OUT=zeros --output-param OUT --output-count 7
\ EXPECT: 7,7,0,0,0,0,0
\ MIN and -1: MIN+(-1) wraps to MAX, MIN*-1 = MIN, MIN/-1 = MIN, MIN MOD -1 = 0.
\ E2E: --param IN=-9223372036854775808,-1 --param OUT=zeros --output-param OUT --output-count 7
\ EXPECT: 9223372036854775807,-9223372036854775807,-9223372036854775808,-9223372036854775808,0,0,-1
\ MAX and 2: MAX+2 = MIN+1, MAX*2 = -2.
\ E2E: --param IN=9223372036854775807,2 --param OUT=zeros --output-param OUT --output-count 7
\ EXPECT: -9223372036854775807,9223372036854775805,-2,4611686018427387903,1,0,2
