\ Stack underflow inside a word: reported at the word in the definition,
\ naming the definition.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A i64[4]
: STORE2 ! ! ;
\ CHECK: {{.*}}stack-underflow-in-word.forth:[[@LINE-1]]:12: error: stack underflow: '!' needs 2 items but the stack holds 0 (in 'STORE2')
\ CHECK-NEXT: {{^}}: STORE2 ! !{{ ;$}}
\ CHECK-NEXT: {{^}}           ^{{$}}
5 A STORE2
