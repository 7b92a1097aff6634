\ A file that includes itself is a cycle. Compiled by its absolute path
\ (as lit passes it) the cycle is found at once.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
INCLUDE include-self.forth
\ CHECK: {{.*}}include-self.forth:[[@LINE-1]]:9: error: INCLUDE cycle: 'include-self.forth' is already being included
\ CHECK-NOT: error
