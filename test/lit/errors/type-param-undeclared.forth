\ -D T=bf16 for a kernel that declares no type parameter T: the error
\ says so, instead of only that 'bf16' is an unknown name.
\ RUN: %not %warpforthc %s -D T=bf16 2>&1 | FileCheck %s

\! kernel k
\! param X i64[1]
1 X !
\ CHECK: error: constant 'T' = 'bf16' is not a compile-time integer: unknown name 'bf16' (a type: 'T' is no type parameter of this kernel; one is declared with '\! type T ...')
