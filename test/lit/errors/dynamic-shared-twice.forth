\ Only one shared array may be sized at launch ('TYPE[]').
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! shared A f32[]
\! shared B f64[]
\ CHECK: {{.*}}dynamic-shared-twice.forth:[[@LINE-1]]:11: error: only one shared array may be sized at launch ('A' already is)
\ CHECK-NEXT: {{^}}\! shared B f64[]{{$}}
\ CHECK-NEXT: {{^}}          ^{{$}}
