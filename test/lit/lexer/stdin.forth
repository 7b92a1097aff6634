\ '-' reads the kernel from standard input; diagnostics name it <stdin>.
\ RUN: %warpforthc - --emit tokens < %s | FileCheck %s
\ RUN: sed 's/^1 DROP$/1 DROPP/' %s | %not %warpforthc - 2>&1 | FileCheck %s --check-prefix=ERR

\! kernel k
1 DROP

\ CHECK: 6:1 integer 1 = 1
\ CHECK-NEXT: 6:3 word DROP
\ ERR: <stdin>:6:3: error: unknown word 'DROPP'; did you mean 'DROP'?
