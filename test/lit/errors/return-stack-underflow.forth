\ R> and R@ need a value moved there by >R.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A i64[4]
A @ IF R> DROP THEN
\ CHECK: {{.*}}return-stack-underflow.forth:[[@LINE-1]]:8: error: return stack underflow: 'R>' without a matching >R
\ CHECK-NEXT: {{^}}A @ IF R> DROP THEN{{$}}
\ CHECK-NEXT: {{^}}       ^~{{$}}
A @ IF 1 >R R> R@ 2DROP THEN
\ CHECK: {{.*}}:[[@LINE-1]]:16: error: return stack underflow: 'R@' without a matching >R
