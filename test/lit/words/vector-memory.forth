\ 2F@ 4F@ load 2 or 4 consecutive floats in one vector access ( addr --
\ x0 x1 .. ), 2F! 4F! store them ( x0 x1 .. addr -- ), x0 at the lowest
\ address; 2SF@ 4SF@ 2SF! 4SF! are the shared forms. The address must be
\ aligned to the whole vector. In f32 mode they are ld/st.v2/v4.f32; f64
\ vectors of 4 split into two v2 accesses.
\ RUN: %warpforthc %s --emit llvm -O0 | FileCheck %s --check-prefix=LLVM
\ RUN: %warpforthc %s --float f32 | FileCheck %s --check-prefix=F32
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=F64

\! kernel k
\! param X f64[64]
\! param IN f64[64]
\! shared S f64[64]
IN 2F@ F- X F!
IN 32 + 4F@ F- F- F- X 8 + F!
1.0 2.0 X 64 + 2F!
1.0 2.0 3.0 4.0 X 128 + 4F!
\ Shared memory is filled and read back across barriers: otherwise LLVM
\ sees through it (a load of memory nobody wrote, a store nobody reads).
IN 2F@ S 2SF!  IN 32 + 4F@ S 32 + 4SF!  BARRIER
S 2SF@ S 16 + 2SF!
S 32 + 4SF@ S 64 + 4SF!  BARRIER
S 16 + SF@ X 256 + F!  S 64 + SF@ X 264 + F!

\ The emitted (-O0) LLVM keeps the vector accesses (aligned to at most 16
\ bytes, what buffers and shared arrays guarantee); lanes come out in
\ address order: x0 deepest, x1 on top.
\ LLVM: [[V:%[0-9]+]] = load <2 x double>, ptr addrspace(1) {{%[0-9A-Za-z_]+}}, align 16
\ LLVM: [[E0:%[0-9]+]] = extractelement <2 x double> [[V]], i64 0
\ LLVM: [[E1:%[0-9]+]] = extractelement <2 x double> [[V]], i64 1
\ LLVM: fsub double [[E0]], [[E1]]
\ LLVM: load <4 x double>, ptr addrspace(1) {{%[0-9A-Za-z_]+}}, align 16
\ LLVM: store <2 x double> <double 1.000000e+00, double 2.000000e+00>, ptr addrspace(1) {{%[0-9A-Za-z_]+}}, align 16
\ LLVM: store <4 x double> <double 1.000000e+00, double 2.000000e+00, double 3.000000e+00, double 4.000000e+00>, ptr addrspace(1) {{%[0-9A-Za-z_]+}}, align 16
\ LLVM: load <2 x double>, ptr addrspace(3) @shared_S, align 16
\ LLVM: store <2 x double> {{%[0-9]+}}, ptr addrspace(3)
\ LLVM: load <4 x double>, ptr addrspace(3)
\ LLVM: store <4 x double> {{%[0-9]+}}, ptr addrspace(3)

\ F32: ld.global.v2.f32
\ F32: ld.global.v4.f32
\ F32: st.global.v2.f32
\ F32: st.global.v4.f32
\ F32: ld.shared.v2.f32
\ F32: st.shared.v2.f32
\ F32: ld.shared.v4.f32
\ F32: st.shared.v4.f32

\ F64: ld.global.v2.f64
\ F64: ld.global.v2.f64
\ F64: st.global.v2.f64
\ F64: ld.shared.v2.f64
\ F64-NOT: v4.f64
