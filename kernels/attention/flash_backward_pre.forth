\ FlashAttention-2 backward, step 1, bf16, f16 or f32 (-D T;
\ flash-backward-pre.fs).
\! kernel flash_backward_pre_{T}
\! type T bf16 f16 f32
\! float f32
\! const HEAD_DIM 64
\! const WARPS 8
\! const LPR 16                    \ lanes a row (flash-backward-pre.fs; the op picks it by HEAD_DIM)
\! const PASSES 2                  \ rows a lane
\! const ROWS WARPS*32/LPR*PASSES  \ rows a block (the op reads it)
\! const ZERO_DQ 0                   \ 1: also zero DQACC, dQ's f32 sums (flash-backward-pre.fs)
\! const PDL 0                     \ 1: programmatic dependent launch (flash-backward-pre.fs)
\! pdl PDL
\! const ESZ sizeof(T)
\! param DOUT T[(BATCH-1)*DO_SB+(H-1)*DO_SH+(NQ-1)*DO_SN+HEAD_DIM]
\! param O T[(BATCH-1)*O_SB+(H-1)*O_SH+(NQ-1)*O_SN+HEAD_DIM]
\! param LSE f32[BATCH*H*NQ]
\! param DPRE f32[BATCH*H*NQP]
\! param L2 f32[BATCH*H*NQP]
\! param DQACC f32[ZERO_DQ*BATCH*H*NQ*HEAD_DIM]
\! param NQ i64
\! param NQP i64
\! param BATCH i64
\! param H i64
\! param DO_SB i64
\! param DO_SH i64
\! param DO_SN i64
\! param O_SB i64
\! param O_SH i64
\! param O_SN i64
: tiles ( n size -- count )  DUP 1- ROT + SWAP / ;
: LD4-bf16 ( addr -- x0 x1 x2 x3 )  @ { w }  w BF16X2>F  w 32 RSHIFT BF16X2>F ;
: LD4-f16 ( addr -- x0 x1 x2 x3 )  @ { w }  w F16X2>F  w 32 RSHIFT F16X2>F ;
: LD4-f32 ( addr -- x0 x1 x2 x3 )  4F@ ;
: LD4 ( addr -- x0 x1 x2 x3 )  LD4-{T} ;
INCLUDE flash-backward-pre.fs
