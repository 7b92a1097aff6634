\ FlashAttention-2 backward, f32: -D ROLE=0 the dQ kernel, ROLE=1 the dK and dV
\ kernel in 3xTF32 (flash-backward-mma.fs has the
\ design, flash-grid.fs the layout; flash_backward_pre_f32.forth runs first).
\! kernel flash_backward_f32
\! float f32
\! const ROLE 0
\! const HEAD_DIM 64
\! const CAUSAL 0
\! const MT 1
\! const WARPS 4
\! const BC 64
\! const MIN_BLOCKS 1
\! const DQ_ATOMIC 0    \ 1 (ROLE 1): dQ by atomics here (flash-backward-mma.fs)
\! const DQ_VEC 1       \ DQ_ATOMIC's floats an atomic: 2 on sm_90 (2FATOMIC-ADD-F32)
\! const DQF HEAD_DIM*(BC/16)/WARPS   \ dQ features a warp
\! const DSTRIDE BC+16/ESZ
\! const DS_SPLIT 0     \ (3xTF32 keeps dS to f32 accuracy)
\! const BR 16*MT*WARPS
\! const NTHREADS 32*WARPS
\! const STRIDE HEAD_DIM+4
\! const ESZ 4
\! launch-bounds NTHREADS MIN_BLOCKS
\! param Q f32[BATCH*HQ*NQ*HEAD_DIM]
\! param K f32[BATCH*HKV*NKV*HEAD_DIM]
\! param V f32[BATCH*HKV*NKV*HEAD_DIM]
\! param DOUT f32[BATCH*HQ*NQ*HEAD_DIM]
\! param L2 f32[BATCH*HQ*NQP]
\! param DPRE f32[BATCH*HQ*NQP]
\! param DQ f32[BATCH*HQ*NQ*HEAD_DIM]
\! param DK f32[BATCH*HKV*NKV*HEAD_DIM]
\! param DV f32[BATCH*HKV*NKV*HEAD_DIM]
\! param DQACC f32[DQ_ATOMIC*BATCH*HQ*NQ*HEAD_DIM]
\! param NQ i64
\! param NQP i64
\! param NKV i64
\! param HQ i64
\! param HKV i64
\! param BATCH i64
\! param SCALE f32
\! shared SM i8[(4*BC+2*BR)*STRIDE*ESZ+ROLE*16*BC+DQ_ATOMIC*BR*DSTRIDE*ESZ]
\! reg SC f32[MT*BC/2]
\! reg DPC f32[MT*BC/2]
\! reg AC1 f32[MT*HEAD_DIM/2]
\! reg AC2 f32[ROLE*MT*HEAD_DIM/2+1-ROLE]
\! reg RV f32[4*MT]
\! reg DQP f32[DQ_ATOMIC*DQF/2+1-DQ_ATOMIC]
INCLUDE flash-backward-layout.fs
INCLUDE flash-backward-tf32.fs
INCLUDE flash-backward-mma.fs
