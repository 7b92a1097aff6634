\ Bad launch bounds: out of range, not constant, too many values, twice
\ (the first one counts).
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s
\ RUN: %not %warpforthc %s -D FIRST=N 2>&1 | FileCheck %s --check-prefix=NAME

\! kernel k
\! const FIRST 2048
\! launch-bounds FIRST 0
\ CHECK-DAG: launch-bounds-errors.forth:[[@LINE-1]]:18: error: bad threads per block 'FIRST' in launch-bounds: must be between 1 and 1024
\ NAME: launch-bounds-errors.forth:[[@LINE-2]]:18: error: bad threads per block 'FIRST' in launch-bounds: unknown name 'FIRST' (launch bounds must be compile-time constants)
\ CHECK-DAG: launch-bounds-errors.forth:[[@LINE-3]]:24: error: bad blocks per multiprocessor '0' in launch-bounds: must be between 1 and 32
\! launch-bounds N
\ CHECK-DAG: launch-bounds-errors.forth:[[@LINE-1]]:4: error: duplicate launch-bounds directive
\! launch-bounds 1 2 3
\ CHECK-DAG: launch-bounds-errors.forth:[[@LINE-1]]:22: error: too many values: expected '\! launch-bounds MAX_THREADS [MIN_BLOCKS_PER_SM]'
\! launch-bounds
\ CHECK-DAG: launch-bounds-errors.forth:[[@LINE-1]]:4: error: incomplete directive: expected '\! launch-bounds MAX_THREADS [MIN_BLOCKS_PER_SM]'
1 DROP
