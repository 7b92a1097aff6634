\ Integer literals must fit in 64 bits (decimal up to 2^64-1, negative
\ down to -2^63, hex up to 16 digits of value).
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace
\ RUN: %not %warpforthc %s --emit tokens 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
18446744073709551616 DROP
\ CHECK: {{.*}}integer-too-large.forth:[[@LINE-1]]:1: error: integer literal '18446744073709551616' does not fit in 64 bits
\ CHECK-NEXT: {{^}}18446744073709551616 DROP{{$}}
\ CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~~~{{$}}
-9223372036854775809 DROP
\ CHECK: {{.*}}:[[@LINE-1]]:1: error: integer literal '-9223372036854775809' does not fit in 64 bits
0x10000000000000000 DROP
\ CHECK: {{.*}}:[[@LINE-1]]:1: error: integer literal '0x10000000000000000' does not fit in 64 bits
