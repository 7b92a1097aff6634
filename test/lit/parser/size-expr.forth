\ Size expressions: + - * / %, parentheses, unary minus, spaces, and
\ constants declared anywhere in the header (evaluated before sizes). A
\ param size with an unknown name stays symbolic (no value); a shared size
\ must be known.
\ RUN: %warpforthc %s --emit ast | FileCheck %s

\! kernel k
\! param X f64[SEQ*DIM]
\! param Y f64[ (SEQ + 1) * 2 ]
\! param Z i64[DIM/3+DIM%3-(-1)]
\! param W i64[ROWS*DIM]
\! const SEQ 4
\! const DIM SEQ*2+1
\! shared S f64[SEQ*DIM]

\ CHECK:      param X f64[SEQ*DIM] = 36
\ CHECK-NEXT: param Y f64[(SEQ+1)*2] = 10
\ CHECK-NEXT: param Z i64[DIM/3+DIM%3-(-1)] = 4
\ CHECK-NEXT: param W i64[ROWS*DIM]{{$}}
\ CHECK-NEXT: shared S f64[36] offset 0
\ CHECK-NEXT: const SEQ 4
\ CHECK-NEXT: const DIM 9
