\ An INCLUDE cycle (a -> b -> a) is reported at the INCLUDE that would
\ reopen a file still being read, in that file.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
INCLUDE Inputs/cycle-a.forth
\ CHECK: {{.*}}Inputs/cycle-b.forth:3:9: error: INCLUDE cycle: 'cycle-a.forth' is already being included
\ CHECK-NEXT: {{^}}INCLUDE cycle-a.forth{{$}}
\ CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~{{$}}
\ CHECK-NOT: error
