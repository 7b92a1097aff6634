\ UNROLL DO with equal constant bounds would run 2^64 times (DO tests after
\ the body): a clear error instead of the inlining budget running out.
\ ?DO with equal bounds runs zero times and is fine.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
\! param D i64[1]
4 4 UNROLL ?DO I D ! LOOP
0 0 UNROLL DO I D ! LOOP
\ CHECK: {{.*}}unroll-equal-bounds.forth:[[@LINE-1]]:12: error: UNROLL DO with equal bounds (0) would run 2^64 times; use ?DO to run it zero times
\ CHECK-NOT: kernel too large
