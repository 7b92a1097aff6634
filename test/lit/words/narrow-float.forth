\ HF@ HF! (f16), BF@ BF! (bf16), F32@ F32! (f32) and their shared forms
\ SHF@ SHF! SBF@ SBF! SF32@ SF32!: loads widen to the float mode's slot,
\ stores round to the narrow format (bf16 rounds to nearest even on the
\ f32 bits, NaN stays a quiet NaN).
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param H f16[8]
\! param B bf16[8]
\! param F f32[8]
\! param OUT f64[8]
\! shared SH f16[8]
\! shared SB bf16[8]
\! shared SF f32[8]
1.5 H HF!   1.5 B BF!   1.5 F F32!
-2.0 H 2 + HF!   0.0 0.0 F/ B 2 + BF!   1.00390625 B 4 + BF!
H 4 + HF@ OUT F!   B 6 + BF@ OUT 8 + F!   F 4 + F32@ OUT 16 + F!
TID-X S>F TID-X 2* SH + SHF!   TID-X 2* SH + 2 + SHF@ OUT 24 + F!
TID-X S>F TID-X 2* SB + SBF!   TID-X 2* SB + 2 + SBF@ OUT 32 + F!
TID-X S>F TID-X 4 * SF + SF32!   TID-X 4 * SF + 4 + SF32@ OUT 40 + F!

\ 1.5 is 0x3E00 in f16 and 0x3FC0 in bf16.
\ CHECK: store i16 15872, ptr addrspace(1) %H
\ CHECK: store i16 16320, ptr addrspace(1) %B
\ CHECK: store float 1.500000e+00, ptr addrspace(1) %F
\ -2.0 is 0xC000 in f16; NaN is the quiet NaN 0x7FC0 in bf16; 1+2^-8 is a
\ tie that rounds to even (0x3F80).
\ CHECK: store i16 -16384,
\ CHECK: store i16 32704,
\ CHECK: store i16 16256,
\ f16 load: half to float to double.
\ CHECK: [[HB:%[0-9]+]] = load half, ptr addrspace(1)
\ CHECK-NEXT: fpext half [[HB]] to double
\ bf16 load: the bits become the top half of an f32.
\ CHECK: [[BB:%[0-9]+]] = load i16, ptr addrspace(1)
\ CHECK-NEXT: [[BZ:%[0-9]+]] = zext i16 [[BB]] to i32
\ CHECK-NEXT: [[BS:%[0-9]+]] = shl nuw i32 [[BZ]], 16
\ CHECK-NEXT: [[BF:%[0-9]+]] = bitcast i32 [[BS]] to float
\ CHECK-NEXT: fpext float [[BF]] to double
\ CHECK: [[FB:%[0-9]+]] = load float, ptr addrspace(1)
\ CHECK-NEXT: fpext float [[FB]] to double
\ Shared forms use addrspace(3).
\ CHECK: store half {{%[0-9]+}}, ptr addrspace(3)
\ CHECK: load half, ptr addrspace(3)
\ CHECK: store i16 {{%[0-9]+}}, ptr addrspace(3)
\ CHECK: load i16, ptr addrspace(3)
\ CHECK: store float {{%[0-9]+}}, ptr addrspace(3)
\ CHECK: load float, ptr addrspace(3)

\ PTX: ld.global.b16
\ PTX: cvt.f64.f16
\ PTX: ld.global.u16
\ PTX: ld.global.f32
\ PTX: st.shared.b16
\ PTX: ld.shared.b16
\ PTX: st.shared.u16
\ PTX: ld.shared.u16
\ PTX: st.shared.f32
\ PTX: ld.shared.f32
