\ I8@ I8! I16@ I16! I32@ I32! on i8, i16 and i32 params: loads sign-extend
\ to a cell, stores keep the low bits and touch only their own bytes.
\! kernel main
\! param B i8[8]
\! param H i16[8]
\! param W i32[8]
\! param OUT i64[8]
: >OUT ( n i -- ) CELLS OUT + ! ;
B I8@          0 >OUT
B 1 + I8@      1 >OUT
H I16@         2 >OUT
H 2 + I16@     3 >OUT
W I32@         4 >OUT
W 4 + I32@     5 >OUT
B 1 + I8@ 1+   B 2 + I8!
300            B 3 + I8!
-129           B 4 + I8!
H 2 + I16@ 1+  H 4 + I16!
70000          H 6 + I16!
-32769         H 8 + I16!
W 4 + I32@ 1+  W 8 + I32!
4294967298     W 12 + I32!
-1             W 16 + I32!
\ Loads of B=-1,127 H=-2,32767 W=-3,2147483647.
\ E2E: --param B=-1,127,0,0,0,5 --param H=-2,32767,0,0,0,6 --param W=-3,2147483647,0,0,0,7 --param OUT=zeros --output-param OUT --output-count 6
\ EXPECT: -1,127,-2,32767,-3,2147483647
\ Stores: 127+1 -> -128, 300 -> 44, -129 -> 127; B[5] untouched.
\ E2E: --param B=-1,127,0,0,0,5 --param H=-2,32767,0,0,0,6 --param W=-3,2147483647,0,0,0,7 --param OUT=zeros --output-param B
\ EXPECT: -1,127,-128,44,127,5,0,0
\ 32767+1 -> -32768, 70000 -> 4464, -32769 -> 32767
\ E2E: --param B=-1,127,0,0,0,5 --param H=-2,32767,0,0,0,6 --param W=-3,2147483647,0,0,0,7 --param OUT=zeros --output-param H
\ EXPECT: -2,32767,-32768,4464,32767,6,0,0
\ 2^31-1+1 -> -2^31, 2^32+2 -> 2, -1 -> -1
\ E2E: --param B=-1,127,0,0,0,5 --param H=-2,32767,0,0,0,6 --param W=-3,2147483647,0,0,0,7 --param OUT=zeros --output-param W
\ EXPECT: -3,2147483647,-2147483648,2,-1,7,0,0
