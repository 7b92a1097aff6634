\ Stack underflow in the kernel body: the word, how many items it needs
\ and how many the stack holds.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
1 +
\ CHECK: {{.*}}stack-underflow.forth:[[@LINE-1]]:3: error: stack underflow: '+' needs 2 items but the stack holds 1
\ CHECK-NEXT: {{^}}1 +{{$}}
\ CHECK-NEXT: {{^}}  ^{{$}}
