\ '\! tmap ... strides S0,S1,..': a strided view of a buffer. The strides
\ (elements, one per dim but the innermost, outermost first, spaces
\ dropped) are the signature line's 8th field; a dense map has none, as
\ before strides. The buffer's size is then the view's extent,
\ (D0-1)*S0+..+D{r-1}, not the dims' product: with constants it is known
\ when compiling. P: 4 rows of 8 f32 12 apart, (4-1)*12 + 8 = 44. V: a
\ (2,3,4,8) view of a dense (2,4,3,8) buffer (its dims 1 and 2 swapped),
\ 96 + 2*8 + 3*24 + 8 = 192 = 2*4*3*8, the whole buffer.
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 --emit ast | FileCheck %s --check-prefix=AST

\! kernel k
\! const ROWS 4
\! const PITCH 12
\! tmap Q bf16[BATCH,HQ,NQ,HEAD_DIM] strides QSB,QSH,QSN box 1,1,64,64 swizzle 128
\! tmap R f32[M, N + 1] strides 3 * N box 8,4
\! tmap P f32[ROWS,8] strides PITCH box 4,8
\! tmap V f32[2,3,4,8] Strides 4*3*8,8,3*8 box 1,1,2,8
\! tmap D f32[M,N] box 8,4
\! param BATCH i32
\! param HQ i32
\! param NQ i32
\! param HEAD_DIM i32
\! param QSB i64
\! param QSH i64
\! param QSN i64
\! param M i32
\! param N i32
\! shared BAR i64[1]
\! shared T bf16[4096] align 1024
TID-X 0= IF
  1 BAR MBAR-INIT
  0 0 0 0 BAR T Q TMA-LOAD-4D
THEN

\ CHECK:      // @param Q tmap bf16 BATCH,HQ,NQ,HEAD_DIM 1,1,64,64 128 QSB,QSH,QSN{{$}}
\ CHECK-NEXT: // @param R tmap f32 M,N+1 8,4 0 3*N{{$}}
\ CHECK-NEXT: // @param P tmap f32 ROWS,8 4,8 0 PITCH{{$}}
\ CHECK-NEXT: // @param V tmap f32 2,3,4,8 1,1,2,8 0 4*3*8,8,3*8{{$}}
\ CHECK-NEXT: // @param D tmap f32 M,N 8,4 0{{$}}
\ CHECK-NEXT: // @param BATCH scalar i32

\ AST:      param Q bf16[(BATCH-1)*QSB+(HQ-1)*QSH+(NQ-1)*QSN+HEAD_DIM]{{$}}
\ AST-NEXT: param R f32[(M-1)*(3*N)+(N+1)]{{$}}
\ AST-NEXT: param P f32[(ROWS-1)*PITCH+8] = 44{{$}}
\ AST-NEXT: param V f32[(2-1)*(4*3*8)+(3-1)*8+(4-1)*(3*8)+8] = 192{{$}}
\ AST-NEXT: param D f32[M*N]{{$}}
