\ The kernel name must be an identifier, and nothing may follow it.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace
\ RUN: sed 's/^\\! kernel 9lives$/\\! kernel k extra/' %s > %t.forth
\ RUN: %not %warpforthc %t.forth 2>&1 | FileCheck %s --check-prefix=EXTRA --strict-whitespace

\! kernel 9lives
\ CHECK: {{.*}}kernel-name.forth:[[@LINE-1]]:11: error: kernel name '9lives' must be an identifier (letters, digits, '_')
\ CHECK-NEXT: {{^}}\! kernel 9lives{{$}}
\ CHECK-NEXT: {{^}}          ^~~~~~{{$}}
\ EXTRA: {{.*}}:6:13: error: unexpected 'extra' after kernel name
\ EXTRA-NEXT: {{^}}\! kernel k extra{{$}}
\ EXTRA-NEXT: {{^}}            ^~~~~{{$}}
