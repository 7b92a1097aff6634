\ One kernel per file: a second kernel directive is an error.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! kernel other
\ CHECK: {{.*}}duplicate-kernel.forth:[[@LINE-1]]:4: error: duplicate kernel directive (one kernel per file)
\ CHECK-NEXT: {{^}}\! kernel other{{$}}
\ CHECK-NEXT: {{^}}   ^~~~~~{{$}}
