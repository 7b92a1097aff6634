\ FlashAttention-2 forward, bf16 in and out (flash-attention-mma.fs has
\ the layout and the design), with the log-sum-exp. -D HEAD_DIM (a
\ multiple of 16), CAUSAL, WARPS, BC; the op reads BR and NTHREADS back.
\! kernel flash_attention_bf16
\! float f32
\! const HEAD_DIM 64
\! const CAUSAL 0
\! const WARPS 4
\! const BC 64
\! const BR 16*WARPS
\! const NTHREADS 32*WARPS
\! const STRIDE HEAD_DIM+8
\! const MIN_BLOCKS 2
\! launch-bounds NTHREADS MIN_BLOCKS
\! param Q bf16[BATCH*HQ*NQ*HEAD_DIM]
\! param K bf16[BATCH*HKV*NKV*HEAD_DIM]
\! param V bf16[BATCH*HKV*NKV*HEAD_DIM]
\! param O bf16[BATCH*HQ*NQ*HEAD_DIM]
\! param LSE f32[BATCH*HQ*NQ]
\! param NQ i64
\! param NKV i64
\! param HQ i64
\! param HKV i64
\! param BATCH i64
\! param SCALE f32
\! shared SM i16[4*BC*STRIDE]
\! reg QF i32[HEAD_DIM/4]
\! reg SC f32[BC/2]
\! reg OC f32[HEAD_DIM/2]
: MMA ( a0 a1 a2 a3 b0 b1 c0 c1 c2 c3 -- d0 d1 d2 d3 )  MMA-BF16 ;
: PACK ( x0 x1 -- pair )  F>BF16X2 ;
INCLUDE flash-attention-mma.fs
