\ The float directive takes f32 or f64, once.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! float f16
\ CHECK: {{.*}}float-directive.forth:[[@LINE-1]]:10: error: unknown float mode 'f16': expected f32 or f64
\ CHECK-NEXT: {{^}}\! float f16{{$}}
\ CHECK-NEXT: {{^}}         ^~~{{$}}
\! float f32
\ CHECK: {{.*}}:[[@LINE-1]]:10: error: duplicate float directive
