\ Static shared memory is capped at 48 KiB per kernel: a clear error that
\ points at dynamic shared memory, rather than a ptxas failure later.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
\! shared A f64[4096]
\! shared B f64[4096]
\ CHECK: {{.*}}shared-too-large.forth:[[@LINE-1]]:11: error: the shared arrays need 65536 bytes, more than the 48 KiB of static shared memory a kernel may declare; declare the big one as TYPE[] and size it at launch
