\ Constants may use each other in any order, -D values included: each is
\ evaluated when first needed, so '-D A=B+1 -D B=2' gives A=3 whatever the
\ names' order (before, -D constants were evaluated sorted by name, so
\ A=B+1 failed with an unknown B while B=A+1 worked). A '\! const' may use
\ one declared after it (SEQ uses DIM; with -D A=B+1, A uses B), and a -D
\ replacing one may use a new -D constant (ZZ).
\ RUN: %warpforthc %s --emit ast -D A=B+1 -D B=2 | FileCheck %s --check-prefix=AB
\ RUN: %warpforthc %s --emit ast -D B=A+1 -D A=2 | FileCheck %s --check-prefix=BA
\ RUN: %warpforthc %s --emit ast -D SEQ=ZZ*2 -D ZZ=DIM+1 | FileCheck %s --check-prefix=NEW
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=SIG

\! kernel k
\! const SEQ DIM*4
\! const DIM 3
\! const A 1
\! const B 1
\! param X f64[SEQ+A]
SEQ DIM + A + B + DROP

\ AB:      param X f64[SEQ+A] = 15
\ AB:      const SEQ 12
\ AB-NEXT: const DIM 3
\ AB-NEXT: const A 3
\ AB-NEXT: const B 2
\ BA:      param X f64[SEQ+A] = 14
\ BA:      const A 2
\ BA-NEXT: const B 3
\ NEW:     param X f64[SEQ+A] = 9
\ NEW:     const SEQ 8
\ NEW-NEXT: const DIM 3
\ NEW:     const ZZ 4
\ SIG:     // @const DIM 3
\ SIG-NEXT: // @const SEQ 12
