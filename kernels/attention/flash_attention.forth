\ FlashAttention-2 forward, bf16 or f16 in and out (-D T), with the
\ log-sum-exp (flash-attention-mma.fs has the design, flash-grid.fs the
\ layout). f32 has its own kernel, flash_attention_f32.forth: every
\ product in 3xTF32 with its own tiles, staging and fragment layout, not
\ this one's 16-bit LDMATRIX fragments.
\ -D HEAD_DIM (a multiple of 16), CAUSAL, LOCAL, SOFTCAP; the tile shape MT, WARPS, BC,
\ QREG and MIN_BLOCKS defaults are the fastest of a sweep on an H100
\ (issue 14's note: MT 1/2, BC 32/64/128, QREG, 8 warps); the op reads
\ BR and NTHREADS back.
\! kernel flash_attention_{T}
\! type T bf16 f16
\! float f32
\! const HEAD_DIM 64
\! const CAUSAL 0
\! const LOCAL 0                   \ a sliding window: WL, WR (flash-grid.fs)
\! const SOFTCAP 0                 \ scores CAP tanh(s SCALE / CAP) (flash-grid.fs)
\! const VARLEN 0                  \ packed sequences: CU_Q, CU_K (flash-grid.fs)
\! const PAGED 0                   \ with VARLEN: K, V a paged cache, BT its block table (flash-paged.fs)
\! const PAGE 1                    \ PAGED's block size (a power of two)
\! const MT 2
\! const WARPS 4
\! const BC 64
\! const QREG 0
\! const MIN_BLOCKS 1
\! const PIPE 2                    \ LDMATRIX a step ahead of the MMAs: 1 K and V, 2 also Q, 0 none (flash-attention-mma.fs)
\! const LATE 1                    \ the next K/V tile's copies issued after S's products (1) or before them (0; flash-attention-mma.fs)
\! const CHAINS 4-2*CAUSAL            \ of the softmax's row max and sum (flash-attention-mma.fs rowmax)
\! const LPT 0                     \ 1: grid with the heaviest tiles first (flash-attention-mma.fs)
\! const BR 16*MT*WARPS
\! const NTHREADS 32*WARPS
\! const STRIDE HEAD_DIM+8
\! launch-bounds NTHREADS MIN_BLOCKS
\! param Q T[(BATCH-VARLEN*(BATCH-1))*HQ*NQ*HEAD_DIM]
\! param K T[(BATCH-VARLEN*(BATCH-1))*HKV*NKV*HEAD_DIM]
\! param V T[(BATCH-VARLEN*(BATCH-1))*HKV*NKV*HEAD_DIM]
\! param O T[(BATCH-VARLEN*(BATCH-1))*HQ*NQ*HEAD_DIM]
\! param LSE f32[(BATCH-VARLEN*(BATCH-1))*HQ*NQ]
\! param NQ i64
\! param NKV i64
\! param HQ i64
\! param HKV i64
\! param BATCH i64
\! param HG i64                     \ (batch, head) pairs a group of the LPT grid
\! param SCALE f32
\! param WL i64                     \ LOCAL's window: keys before and after the diagonal
\! param WR i64
\! param CAP f32
\! param CU_Q i32[VARLEN*BATCH+1]      \ VARLEN's sequences: first rows in Q and K (flash-grid.fs)
\! param CU_K i32[VARLEN*BATCH+1]
\! param BT i32[PAGED*BATCH*MAXB+1-PAGED]  \ PAGED: each sequence's cache blocks, MAXB a row
\! param MAXB i64
\! shared SM i16[(4*BC+(1-QREG)*BR)*STRIDE]
\! reg SEQ i64[5]                  \ VARLEN: this sequence's q-off len-q kv-off len-kv index (flash-grid.fs)
\! reg QF i32[QREG*MT*HEAD_DIM/4+1-QREG]
\! reg SC f32[MT*BC/2]
\! reg OC f32[MT*HEAD_DIM/2]
\! reg ML f32[4*MT]
\! reg FR i32[16+8*MT]              \ PIPE's fragments
: MMA ( a0 a1 a2 a3 b0 b1 c0 c1 c2 c3 -- d0 d1 d2 d3 )  MMA-{T} ;
: PACK ( x0 x1 -- pair )  F>{T}X2 ;
INCLUDE flash-mods.fs
INCLUDE flash-attention-mma.fs
