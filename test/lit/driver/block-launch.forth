\ A kernel's '\! block' shape is warpforth-run's default block, and a
\ launch with any other shape is refused on the CPU (as on the GPU, where
\ .reqntid makes the launch fail), naming the kernel and both shapes.
\ RUN: %warpforth-run %s --device cpu --param A=zeros --output-param A | FileCheck %s
\ RUN: %warpforth-run %s --device cpu --block 4,2 --param A=zeros --output-param A | FileCheck %s
\ RUN: %not %warpforth-run %s --device cpu --block 8 --param A=zeros 2>&1 | FileCheck %s --check-prefix=WRONG
\ RUN: %not %warpforth-run %s --device cpu --block 4,2,2 --param A=zeros 2>&1 | FileCheck %s --check-prefix=WRONGZ

\! kernel shape
\! block 4 2
\! param A i64[3]
TID-X 0= TID-Y 0= AND IF  BDIM-X A !  BDIM-Y A 8 + !  BDIM-Z A 16 + !  THEN
\ CHECK: 4,2,1
\ WRONG: warpforth-run: error: kernel 'shape' (grid 1,1,1 block 8,1,1): the kernel requires blocks of 4,2,1 ('\! block 4 2 1'), not 8,1,1
\ WRONGZ: the kernel requires blocks of 4,2,1 ('\! block 4 2 1'), not 4,2,2
