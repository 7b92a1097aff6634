\ HF! and BF! in f64 mode round the f64 value once, straight to the 16-bit
\ format (round to nearest even). 1 + 2^-11 + 2^-50 lies just above the
\ midpoint between the f16 values 1.0 (0x3C00) and 1 + 2^-10 (0x3C01), so
\ it rounds up to 0x3C01 (15361); going through f32 first would land on the
\ midpoint and round down to even (0x3C00). Likewise 1 + 2^-8 + 2^-50 is
\ bf16 0x3F81 (16257), not 0x3F80; exact midpoints still round to even.
\ At run time the f64 is first narrowed to f32 rounding to odd (the inexact
\ case sets the last bit), which keeps the final rounding the only one.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s --emit llvm -O0 | FileCheck %s --check-prefix=ODD

\! kernel k
\! param H f16[4]
\! param B bf16[4]
\! param X f64[2]
1.0004882812500009 H HF!
1.0039062500000009 B BF!
1.00048828125 H 2 + HF!
1.00390625 B 2 + BF!
X F@ H 4 + HF!

\ CHECK: store i16 15361, ptr addrspace(1) %H
\ CHECK: store i16 16257, ptr addrspace(1) %B
\ Exact midpoints: ties to even.
\ CHECK: store i16 15360,
\ CHECK: store i16 16256,

\ ODD: [[F:%[0-9]+]] = fptrunc double [[V:%[0-9]+]] to float
\ ODD-NEXT: [[BACK:%[0-9]+]] = fpext float [[F]] to double
\ ODD-NEXT: fcmp one double [[BACK]], [[V]]
\ ODD: or i32 {{%[0-9]+}}, 1
