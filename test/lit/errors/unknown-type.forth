\ Element types are i8 i16 i32 i64 f16 bf16 f32 f64; anything else is an
\ error pointing at the type.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A u64[4]
\ CHECK: {{.*}}unknown-type.forth:[[@LINE-1]]:12: error: unknown type 'u64': expected i8, i16, i32, i64, f16, bf16, f32 or f64
\ CHECK-NEXT: {{^}}\! param A u64[4]{{$}}
\ CHECK-NEXT: {{^}}           ^~~{{$}}
\! shared S float[4]
\ CHECK: {{.*}}:[[@LINE-1]]:13: error: unknown type 'float': expected i8, i16, i32, i64, f16, bf16, f32 or f64
