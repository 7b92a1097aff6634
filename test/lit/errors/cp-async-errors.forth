\ CP-ASYNC-WAIT's count is an immediate of cp.async.wait_group: it must be
\ known when compiling and fit 0..255; and the cp.async words need sm_80.
\ RUN: %not %warpforthc %s --arch sm_90 2>&1 | FileCheck %s
\ RUN: %not %warpforthc %s --arch sm_90 -D CASE=1 2>&1 | FileCheck %s --check-prefix=NEG
\ RUN: %not %warpforthc %s --arch sm_75 -D CASE=2 2>&1 | FileCheck %s --check-prefix=OLD

\! kernel k
\! const CASE 0
\! param X f32[64]
\! param N i64
\! shared T f32[64]
CASE 0 = IF
  N CP-ASYNC-WAIT
\ CHECK: cp-async-errors.forth:[[@LINE-1]]:5: error: 'CP-ASYNC-WAIT' needs a count from 0 to 255 known when compiling (a literal, a constant or an UNROLL index)
THEN
CASE 1 = IF
  -1 CP-ASYNC-WAIT
\ NEG: cp-async-errors.forth:[[@LINE-1]]:6: error: 'CP-ASYNC-WAIT' needs a count from 0 to 255
THEN
CASE 2 = IF
  X T CP-ASYNC
\ OLD: cp-async-errors.forth:[[@LINE-1]]:7: error: 'CP-ASYNC' needs --arch sm_80 or newer, not sm_75
THEN
