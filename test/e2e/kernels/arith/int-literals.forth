\ The same arithmetic on literals, which the compiler may fold: the folded
\ results must agree with the run-time ones.
\! kernel main
\! param OUT i64[16]
: >OUT ( n i -- ) CELLS OUT + ! ;
-7 2 /     0 >OUT
-7 2 MOD   1 >OUT
7 -2 /     2 >OUT
7 -2 MOD   3 >OUT
-7 -2 /    4 >OUT
-7 -2 MOD  5 >OUT
7 0 /      6 >OUT
7 0 MOD    7 >OUT
9223372036854775807 1 +     8 >OUT
-9223372036854775808 1 -    9 >OUT
-9223372036854775808 -1 /   10 >OUT
-9223372036854775808 -1 MOD 11 >OUT
4611686018427387904 2 *     12 >OUT
3 4 * 5 -  13 >OUT
0x10 $ff + -$10 +  14 >OUT
0xFFFFFFFFFFFFFFFF  15 >OUT
\ 0x10 + $ff + -$10 = 16 + 255 - 16 = 255; 0xFFFFFFFFFFFFFFFF is -1;
\ 2^62 * 2 = 2^63 wraps to MIN.
\ E2E: --param OUT=zeros --output-param OUT
\ EXPECT: -3,-1,-3,1,3,-1,0,0,-9223372036854775808,9223372036854775807,-9223372036854775808,0,-9223372036854775808,7,255,-1
