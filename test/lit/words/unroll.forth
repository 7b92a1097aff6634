\ UNROLL DO/?DO loops compute what the plain loops compute: LEAVE works,
\ and UNROLL loops nest with plain loops either way (J and I see the right
\ indices). Checked by the folded results.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s

\! kernel k
\! param A i64[8]
: OUT ( n i -- ) CELLS A + ! ;
0 10 0 UNROLL DO I 5 = IF LEAVE THEN I + LOOP 0 OUT
0 3 0 DO 4 0 UNROLL DO J I * + LOOP LOOP 1 OUT
0 3 0 UNROLL DO 4 0 DO J I * + LOOP LOOP 2 OUT
0 2 0 UNROLL DO 2 0 UNROLL DO I 10 * J + + LOOP LOOP 3 OUT
0 0 10 UNROLL DO I + -1 +LOOP 4 OUT
0 4 4 UNROLL ?DO 1+ LOOP 5 OUT

\ 0+1+2+3+4
\ CHECK: store i64 10,
\ sum of j*i for j < 3, i < 4
\ CHECK: store i64 18,
\ CHECK: store i64 18,
\ sum of 10*i + j for i, j < 2
\ CHECK: store i64 22,
\ 10 down to 0
\ CHECK: store i64 55,
\ CHECK: store i64 0,
