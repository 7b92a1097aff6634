\ The kernel directive must be the first directive.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! param A i64[4]
\ CHECK: {{.*}}kernel-not-first.forth:[[@LINE-1]]:4: error: the '\! kernel NAME' directive must come first
\ CHECK-NEXT: {{^}}\! param A i64[4]{{$}}
\ CHECK-NEXT: {{^}}   ^~~~~{{$}}
\! kernel k
