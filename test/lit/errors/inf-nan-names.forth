\ -inf is a number now: a definition of that name (as kernels wrote before
\ the literal existed) is refused with the reason.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
: -inf ( -- x )  -1.0 0.0 F/ ;

\ CHECK: error: '-inf' cannot be a word name: it is a number
