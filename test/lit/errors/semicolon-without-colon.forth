\ ';' outside a definition is an error.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
1 DROP ;
\ CHECK: {{.*}}semicolon-without-colon.forth:[[@LINE-1]]:8: error: ';' without a matching ':'
\ CHECK-NEXT: {{^}}1 DROP ;{{$}}
\ CHECK-NEXT: {{^}}       ^{{$}}
