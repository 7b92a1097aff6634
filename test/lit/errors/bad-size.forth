\ Malformed array sizes: syntax errors, a missing ']', a negative size, a
\ division by zero and 64-bit overflow are each reported at the size.
\ Errors found while reading a directive come before those found while
\ evaluating sizes, so most checks are order-independent (DAG).
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --check-prefix=CARET --strict-whitespace

\! kernel k
\! param A i64[3+]
\ CHECK-DAG: {{.*}}bad-size.forth:[[@LINE-1]]:16: error: bad size '3+' for param 'A': expression ends early
\ CARET: {{.*}}bad-size.forth:[[@LINE-2]]:16: error: bad size '3+' for param 'A': expression ends early
\ CARET-NEXT: {{^}}\! param A i64[3+]{{$}}
\ CARET-NEXT: {{^}}               ^~{{$}}
\! param B i64[4
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:12: error: missing ']' in 'i64[4'
\! param C i64[2-5]
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:16: error: size of param 'C' is negative
\! param D i64[8/0]
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:16: error: bad size '8/0' for param 'D': division by zero
\! param E i64[4294967296*4294967296]
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:16: error: bad size '4294967296*4294967296' for param 'E': value overflows 64 bits
\! param F i64[(2]
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:16: error: bad size '(2' for param 'F': missing ')'
\! param G i64[1.5]
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:16: error: bad size '1.5' for param 'G': '1.5' is not an integer
\! shared S i64[0]
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:17: error: bad size '0' for shared 'S': size must be positive
\! shared T i8[8589934593]
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:16: error: bad size '8589934593' for shared 'T': size is too large for shared memory
\! shared U i64
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:13: error: shared memory 'U' needs a size: '\! shared NAME TYPE[SIZE]'
