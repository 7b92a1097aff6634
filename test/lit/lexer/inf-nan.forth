\ Infinity and NaN literals: inf +inf -inf and nan, in any case, are floats;
\ a signed NaN and longer spellings stay words.
\ RUN: %warpforthc %s --emit tokens | FileCheck %s
\ RUN: %not %warpforthc %s --emit ir 2>&1 | FileCheck %s --check-prefix=ERR

\! kernel k
inf +inf -inf nan -INF NaN -nan infinity inf.

\ CHECK: 7:1 float inf = inf
\ CHECK-NEXT: 7:5 float +inf = inf
\ CHECK-NEXT: 7:10 float -inf = -inf
\ CHECK-NEXT: 7:15 float nan = nan
\ CHECK-NEXT: 7:19 float -INF = -inf
\ CHECK-NEXT: 7:24 float NaN = nan
\ CHECK-NEXT: 7:28 word -nan
\ CHECK-NEXT: 7:33 word infinity
\ CHECK-NEXT: 7:42 word inf.

\ ERR: unknown word '-nan'
