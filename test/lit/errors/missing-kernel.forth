\ A file without a '\! kernel NAME' directive is rejected; the error
\ points at the first token.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

1 DROP
\ CHECK: {{.*}}missing-kernel.forth:[[@LINE-1]]:1: error: missing '\! kernel NAME' directive at the start of the file
\ CHECK-NEXT: {{^}}1 DROP{{$}}
\ CHECK-NEXT: {{^}}^{{$}}
