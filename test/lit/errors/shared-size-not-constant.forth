\ Shared sizes must be compile-time constants: a param name (or any
\ unknown name) is rejected with a hint to use '\! const' or -D; with -D
\ the same kernel compiles.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace
\ RUN: sed '/shared S f64.N/d' %s > %t.forth
\ RUN: %warpforthc %t.forth -D TILE=64 --emit ast | FileCheck %s --check-prefix=DEFINED

\! kernel k
\! param N i64
\! shared S f64[N]
\ CHECK: {{.*}}shared-size-not-constant.forth:[[@LINE-1]]:17: error: bad size 'N' for shared 'S': unknown name 'N' (shared sizes must be compile-time constants; use '\! const' or -D)
\ CHECK-NEXT: {{^}}\! shared S f64[N]{{$}}
\ CHECK-NEXT: {{^}}                ^{{$}}
\! shared T f64[TILE*2]
\ CHECK: {{.*}}:[[@LINE-1]]:17: error: bad size 'TILE*2' for shared 'T': unknown name 'TILE'
\ DEFINED: shared T f64[128]
