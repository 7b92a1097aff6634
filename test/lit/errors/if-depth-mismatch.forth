\ The paths meeting at THEN must leave the same stack depth (and
\ return-stack depth); the message says what each path leaves. After the
\ error the first path's stack goes on.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A i64[4]
A @ IF 1 2 ELSE 3 THEN 2DROP
\ CHECK: {{.*}}if-depth-mismatch.forth:[[@LINE-1]]:19: error: paths meeting at THEN (IF ... THEN) disagree: the IF branch leaves stack depth 2, the ELSE branch leaves stack depth 1
\ CHECK-NEXT: {{^}}A @ IF 1 2 ELSE 3 THEN 2DROP{{$}}
\ CHECK-NEXT: {{^}}                  ^~~~{{$}}
A @ IF 1 THEN
\ CHECK: {{.*}}:[[@LINE-1]]:10: error: paths meeting at THEN (IF ... THEN) disagree: the path skipping the IF branch leaves stack depth 0, the IF branch leaves stack depth 1
A @ IF 1 >R THEN
\ CHECK: {{.*}}:[[@LINE-1]]:13: error: paths meeting at THEN (IF ... THEN) disagree: the path skipping the IF branch leaves stack depth 0, the IF branch leaves stack depth 0 and return-stack depth 1
