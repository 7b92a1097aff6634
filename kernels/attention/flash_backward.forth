\ FlashAttention-2 backward, bf16, f16 or f32 (-D T; f32 in 3xTF32):
\ -D ROLE=0 the dQ kernel, ROLE=1 the dK and dV kernel (flash-backward-mma.fs
\ has the design, flash-grid.fs the layout; flash_backward_pre.forth runs
\ first). The type's fragment words: flash-backward-2byte.fs (bf16, f16:
\ 16-bit MMA on LDMATRIX fragments), flash-backward-4byte.fs (f32: 3xTF32).
\! kernel flash_backward_{T}
\! type T bf16 f16 f32
\! float f32
\! const ROLE 0
\! const HEAD_DIM 64
\! const CAUSAL 0
\! const LOCAL 0                   \ a sliding window: WL, WR (flash-grid.fs)
\! const SOFTCAP 0                 \ scores CAP tanh(s SCALE / CAP) (flash-grid.fs)
\! const VARLEN 0                  \ packed sequences: CU_Q, CU_K (flash-grid.fs)
\! const PAGED 0                   \ (no paged cache here; flash-grid.fs set-seq reads it)
\! const MT 1
\! const WARPS 4
\! const BC 64
\! const MIN_BLOCKS 1
\! const DQ_ATOMIC 0    \ 1 (ROLE 1): dQ by atomics here (flash-backward-mma.fs)
\! const DQ_VEC 1       \ DQ_ATOMIC's floats an atomic: 2 on sm_90 (2FATOMIC-ADD-F32)
\! const DQF HEAD_DIM*(BC/16)/WARPS   \ dQ features a warp
\! const DSTRIDE BC+16/ESZ
\ 1: dS in two 16-bit parts (flash-backward-mma.fs), bf16's default: f16
\ (3 more bits) needs no split, nor f32 (3xTF32 keeps dS to f32 accuracy).
\! const DS_SPLIT is(T,bf16)
\! const BR 16*MT*WARPS
\! const NTHREADS 32*WARPS
\! const STRIDE HEAD_DIM+16/ESZ
\! const ESZ sizeof(T)
\! launch-bounds NTHREADS MIN_BLOCKS
\! param Q T[(BATCH-VARLEN*(BATCH-1))*HQ*NQ*HEAD_DIM]
\! param K T[(BATCH-VARLEN*(BATCH-1))*HKV*NKV*HEAD_DIM]
\! param V T[(BATCH-VARLEN*(BATCH-1))*HKV*NKV*HEAD_DIM]
\! param DOUT T[(BATCH-VARLEN*(BATCH-1))*HQ*NQ*HEAD_DIM]
\! param L2 f32[(BATCH-VARLEN*(BATCH-1))*HQ*NQP]
\! param DPRE f32[(BATCH-VARLEN*(BATCH-1))*HQ*NQP]
\! param DQ T[(BATCH-VARLEN*(BATCH-1))*HQ*NQ*HEAD_DIM]
\! param DK T[(BATCH-VARLEN*(BATCH-1))*HKV*NKV*HEAD_DIM]
\! param DV T[(BATCH-VARLEN*(BATCH-1))*HKV*NKV*HEAD_DIM]
\! param DQACC f32[DQ_ATOMIC*(BATCH-VARLEN*(BATCH-1))*HQ*NQ*HEAD_DIM]
\! param NQ i64
\! param NQP i64
\! param NKV i64
\! param HQ i64
\! param HKV i64
\! param BATCH i64
\! param SCALE f32
\! param WL i64                     \ LOCAL's window: keys before and after the diagonal
\! param WR i64
\! param CAP f32
\! param CU_Q i32[VARLEN*BATCH+1]      \ VARLEN's sequences: first rows in Q and K (flash-grid.fs)
\! param CU_K i32[VARLEN*BATCH+1]
\! shared SM i8[(4*BC+2*BR)*STRIDE*ESZ+ROLE*16*(BC+4*VARLEN)+DQ_ATOMIC*BR*DSTRIDE*ESZ]
\! reg SEQ i64[5]                  \ VARLEN: this sequence's q-off len-q kv-off len-kv index (flash-grid.fs)
\! reg SC f32[MT*BC/2]
\! reg DPC f32[MT*BC/2]
\! reg AC1 f32[MT*HEAD_DIM/2]
\! reg AC2 f32[ROLE*MT*HEAD_DIM/2+1-ROLE]
\! reg RV f32[4*MT]
\! reg DQP f32[DQ_ATOMIC*DQF/2+1-DQ_ATOMIC]
INCLUDE flash-mods.fs
INCLUDE flash-backward-layout.fs
\ sizeof(T) is spliced into the name: flash-backward-2byte.fs or -4byte.fs.
INCLUDE flash-backward-sizeof(T)byte.fs
INCLUDE flash-backward-mma.fs
