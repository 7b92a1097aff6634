\ I32+ and I32-: 32-bit add and subtract for index math; the result is the
\ low 32 bits, sign-extended. Expected: Python, wrap to 32 bits then
\ sign-extend.
\! kernel main
\! param IN i64[2]
\! param OUT i64[4]
: >OUT ( n i -- ) CELLS OUT + ! ;
IN @ { a }  IN 8 + @ { b }
a b I32+  0 >OUT
a b I32-  1 >OUT
2147483647 1 I32+  2 >OUT
-2147483648 1 I32-  3 >OUT
\ E2E: --param IN=7,-3 --param OUT=zeros --output-param OUT
\ EXPECT: 4,10,-2147483648,2147483647
\ E2E: --param IN=2147483647,2 --param OUT=zeros --output-param OUT
\ EXPECT: -2147483647,2147483645,-2147483648,2147483647
