\ A directive with too few parts says what it expected.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A
\ CHECK: {{.*}}incomplete-directive.forth:[[@LINE-1]]:4: error: incomplete directive: expected '\! param NAME TYPE or TYPE[SIZE]'
\ CHECK-NEXT: {{^}}\! param A{{$}}
\ CHECK-NEXT: {{^}}   ^~~~~{{$}}
\! shared S
\ CHECK: {{.*}}:[[@LINE-1]]:4: error: incomplete directive: expected '\! shared NAME TYPE[SIZE] [align N]'
\! const C
\ CHECK: {{.*}}:[[@LINE-1]]:4: error: incomplete directive: expected '\! const NAME VALUE'
