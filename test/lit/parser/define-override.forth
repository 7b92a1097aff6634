\ -D NAME=VALUE replaces a '\! const' (case-insensitively) before sizes are
\ computed, may be an expression over earlier constants or a float, and
\ adds new constants; a bare -D NAME means 1.
\ RUN: %warpforthc %s --emit ast | FileCheck %s --check-prefix=DEFAULT
\ RUN: %warpforthc %s --emit ast -D seq=16 -D DIM=SEQ*2 -D EPS=0.25 -D NEW=7 -D FLAG | FileCheck %s --check-prefix=OVERRIDE

\! kernel k
\! const SEQ 4
\! const DIM 3
\! const EPS 1.5
\! param X f64[SEQ*DIM]
\! shared S i64[SEQ]
SEQ DIM + DROP

\ DEFAULT:      param X f64[SEQ*DIM] = 12
\ DEFAULT-NEXT: shared S i64[4] offset 0
\ DEFAULT-NEXT: const SEQ 4
\ DEFAULT-NEXT: const DIM 3
\ DEFAULT-NEXT: const EPS 1.5
\ DEFAULT-NEXT: body
\ DEFAULT-NEXT: int 4
\ DEFAULT-NEXT: int 3

\ OVERRIDE:      param X f64[SEQ*DIM] = 512
\ OVERRIDE-NEXT: shared S i64[16] offset 0
\ OVERRIDE-NEXT: const SEQ 16
\ OVERRIDE-NEXT: const DIM 32
\ OVERRIDE-NEXT: const EPS 0.25
\ OVERRIDE-NEXT: const FLAG 1
\ OVERRIDE-NEXT: const NEW 7
\ OVERRIDE-NEXT: body
\ OVERRIDE-NEXT: int 16
\ OVERRIDE-NEXT: int 32
