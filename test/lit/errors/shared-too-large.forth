\ Sized shared arrays may pass CUDA's 48 KiB of static shared memory (they
\ move to dynamic shared memory, see codegen/shared-large.forth), but no
\ GPU gives a block more than 227 KiB: a clear error at the last array
\ rather than a launch failure later.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
\! shared A f64[16384]
\! shared B f64[16384]
\ CHECK: {{.*}}shared-too-large.forth:[[@LINE-1]]:11: error: the shared arrays need 262144 bytes, more than the 227 KiB of shared memory any GPU gives a block
