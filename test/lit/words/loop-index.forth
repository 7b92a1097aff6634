\ I J K: the innermost, second and third DO loop indices. The folded
\ result shows the values: sum over i<2, j<3, k<4 of 100*K + 10*J + I.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s

\! kernel k
\! param A i64[4]
0 2 0 DO 3 0 DO 4 0 DO K 100 * J 10 * + I + + LOOP LOOP LOOP A !
0 5 2 DO I + LOOP A 8 + !

\ 24 iterations: 100*(0+1)*12 + 10*(0+1+2)*8 + (0+1+2+3)*6 = 1200+240+36
\ CHECK: store i64 1476, ptr addrspace(1) %A
\ 2+3+4
\ CHECK: store i64 9,
