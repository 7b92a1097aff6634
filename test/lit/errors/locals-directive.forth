\ A directive cannot appear inside a locals declaration.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
: W { a
\! param B i64
\ CHECK: {{.*}}locals-directive.forth:[[@LINE-1]]:1: error: directive inside a locals declaration
-- } ;
