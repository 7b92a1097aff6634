\ I8@ I16@ I32@ (global) and SI8@ SI16@ SI32@ (shared) load narrow integers
\ and sign-extend them to a cell; the stores truncate. Constants show the
\ truncation and sign extension; the PTX uses the narrow ld/st forms.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param B i8[16]
\! param H i16[16]
\! param W i32[16]
\! param OUT i64[16]
\! shared SB i8[16]
\! shared SH i16[16]
\! shared SW i32[16]
\ Stores of constants truncate.
511 B I8!   -1 H 2 + I16!   4294967298 W 4 + I32!
\ Loads sign-extend.
B 1 + I8@ OUT !   H 4 + I16@ OUT 8 + !   W 8 + I32@ OUT 16 + !
\ Shared forms.
300 TID-X SB + SI8!   TID-X SB + 1 + SI8@ OUT 24 + !
TID-X TID-X 2* SH + SI16!   TID-X 2* SH + 2 + SI16@ OUT 32 + !
TID-X TID-X 4 * SW + SI32!   TID-X 4 * SW + 4 + SI32@ OUT 40 + !

\ CHECK: store i8 -1, ptr addrspace(1) %B, align 1
\ CHECK: store i16 -1, ptr addrspace(1) {{%[0-9]+}}, align 2
\ CHECK: store i32 2, ptr addrspace(1) {{%[0-9]+}}, align 4
\ CHECK: [[L8:%[0-9]+]] = load i8, ptr addrspace(1)
\ CHECK-NEXT: sext i8 [[L8]] to i64
\ CHECK: [[L16:%[0-9]+]] = load i16, ptr addrspace(1)
\ CHECK-NEXT: sext i16 [[L16]] to i64
\ CHECK: [[L32:%[0-9]+]] = load i32, ptr addrspace(1)
\ CHECK-NEXT: sext i32 [[L32]] to i64
\ CHECK: store i8 44, ptr addrspace(3)
\ CHECK: [[S8:%[0-9]+]] = load i8, ptr addrspace(3)
\ CHECK-NEXT: sext i8 [[S8]] to i64
\ CHECK: store i16 {{%[0-9]+}}, ptr addrspace(3)
\ CHECK: [[S16:%[0-9]+]] = load i16, ptr addrspace(3)
\ CHECK-NEXT: sext i16 [[S16]] to i64
\ CHECK: store i32 {{%[0-9]+}}, ptr addrspace(3)
\ CHECK: [[S32:%[0-9]+]] = load i32, ptr addrspace(3)
\ CHECK-NEXT: sext i32 [[S32]] to i64

\ PTX: st.global.u8
\ PTX: st.global.u16
\ PTX: st.global.u32
\ PTX: ld.global.s8
\ PTX: ld.global.s16
\ PTX: ld.global.s32
\ PTX: st.shared.u8
\ PTX: ld.shared.s8
\ PTX: st.shared.u16
\ PTX: ld.shared.s16
\ PTX: st.shared.u32
\ PTX: ld.shared.s32
