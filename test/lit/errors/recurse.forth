\ RECURSE is rejected (words are inlined; there is no call stack), and a
\ word cannot call itself by name: its name is not visible until ';'.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
: FACT DUP 1 > IF DUP 1- RECURSE * THEN ;
\ CHECK: {{.*}}recurse.forth:[[@LINE-1]]:26: error: RECURSE: recursion is not supported (words are inlined into the kernel; GPU threads have no call stack)
\ CHECK-NEXT: {{^}}: FACT DUP 1 > IF DUP 1- RECURSE * THEN ;{{$}}
\ CHECK-NEXT: {{^}}                         ^~~~~~~{{$}}
: LOOPY LOOPY ;
\ CHECK: {{.*}}:[[@LINE-1]]:9: error: unknown word 'LOOPY'
