\ Register arrays need a constant size from 1 to 1024 (their index errors
\ are in register-array-index.forth). Order: directive errors first.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
\! param N i64
\! reg P i64
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:10: error: register array 'P' needs a size: '\! reg NAME TYPE[SIZE]'
\! reg Q f32[0]
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:14: error: bad size '0' for register array 'Q': size must be between 1 and 1024
\! reg R i64[2000]
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:14: error: bad size '2000' for register array 'R': size must be between 1 and 1024
\! reg S i64[N]
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:14: error: bad size 'N' for register array 'S': unknown name 'N' (sizes of register arrays must be compile-time constants)
\! reg T i64[4]
\! reg
\ CHECK-DAG: {{.*}}:[[@LINE-1]]:4: error: incomplete directive: expected '\! reg NAME TYPE[SIZE]'
