\ Unknown and empty directives are errors that list the known ones.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! params A i64[4]
\ CHECK: {{.*}}unknown-directive.forth:[[@LINE-1]]:4: error: unknown directive 'params': expected kernel, type, param, tmap, shared, reg, const, float, launch-bounds, block, cluster or pdl
\ CHECK-NEXT: {{^}}\! params A i64[4]{{$}}
\ CHECK-NEXT: {{^}}   ^~~~~~{{$}}
\!
\ CHECK: {{.*}}unknown-directive.forth:[[@LINE-1]]:1: error: empty '\!' directive: expected kernel, type, param, tmap, shared, reg, const, float, launch-bounds, block, cluster or pdl
