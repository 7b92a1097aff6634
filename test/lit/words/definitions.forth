\ ':' and ';' define words (inlined where used), '{ .. }' and '{: .. :}'
\ declare locals ('|' ones start at 0), TO assigns a local, CONSTANT names
\ a literal, INCLUDE pulls in a file of definitions. Checked by results.
\ RUN: %warpforthc %s --emit llvm -I %S/../parser/Inputs | FileCheck %s

\! kernel k
\! param A i64[16]
: OUT ( n i -- ) CELLS A + ! ;
: AXPY { a x y -- r } a x * y + ;
2 3 4 AXPY 0 OUT
: COUNT-UP {: n | acc :} n 0 DO acc I + TO acc LOOP acc ;
5 COUNT-UP 1 OUT
100 CONSTANT HUNDRED
HUNDRED 1+ 2 OUT
INCLUDE square.forth
3 CUBE 3 OUT
7 { k } k k * 4 OUT

\ CHECK: store i64 10,
\ CHECK: store i64 10,
\ CHECK: store i64 101,
\ CHECK: store i64 27,
\ CHECK: store i64 49,
