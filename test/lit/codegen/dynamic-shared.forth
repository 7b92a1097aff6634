\ 'TYPE[]' declares the one shared array sized at launch: it is an
\ .extern .shared array placed after the static ones (whose total is
\ rounded up to 16 bytes), and the signature marks it @dynamic-shared.
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s --emit ast | FileCheck %s --check-prefix=AST

\! kernel k
\! param OUT f64[1]
\! shared FIXED i32[5]
\! shared DYN f64[]
TID-X CELLS DYN + SF@ TID-X 4 * FIXED + SI32@ S>F F+ OUT F!

\ CHECK:      // @shared FIXED i32 5
\ CHECK-NEXT: // @dynamic-shared DYN f64
\ CHECK-NEXT: // @shared-bytes 32
\ CHECK:      .extern .shared .align 16 .b8 shared_DYN[];
\ CHECK:      ld.shared.f64

\ AST:      shared FIXED i32[5] offset 0
\ AST-NEXT: shared DYN f64[] (sized at launch) offset 32
