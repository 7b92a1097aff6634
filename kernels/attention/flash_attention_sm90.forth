\ FlashAttention forward on Hopper (TMA, wgmma, warp specialization), bf16
\ or f16 (-D T) in and out, with the log-sum-exp: flash-attention-sm90.fs
\ has the design and the blocks' items (query tiles of BR = 64 NCWG rows,
\ taken in rounds: grid (blocks,)), flash-grid.fs the layout and the
\ causal rule and the window. -D HEAD_DIM 64 or 128, CAUSAL, LOCAL,
\ SOFTCAP.
\! kernel flash_attention_sm90_{T}
\! type T bf16 f16
\! float f32
\! const HEAD_DIM 128
\! const LPT 0                     \ 1: grid with the heaviest tiles first (flash-attention-sm90.fs)
\! const CAUSAL 0
\! const LOCAL 0                   \ a sliding window: WL, WR (flash-grid.fs)
\! const SOFTCAP 0                 \ scores CAP tanh(s SCALE / CAP) (flash-grid.fs)
\! const VARLEN 0                  \ packed sequences: CU_Q, CU_K (flash-grid.fs)
\! const PAGED 0                   \ with VARLEN: K, V a paged cache, BT its block table (flash-paged.fs)
\! const PAGE 1                    \ PAGED's block size (a power of two)
\! const NCWG 2                     \ consumer warpgroups (64 query rows each)
\! const BR 64*NCWG
\! const BC 128
\! const NTHREADS 128*(NCWG+1)       \ and one producer warpgroup
\! const MINB 1                      \ blocks an SM (NCWG 1 needs 2: 64-row blocks)
\ A producer's registers (setmaxnreg), and a consumer's: the block's
\ registers at launch (launch-bounds: 65536/MINB a block, a multiple of 8
\ a thread), less the producer's, over the consumer threads, to a
\ multiple of 8. (setmaxnreg.inc takes only what the block holds: more
\ waits forever. 65536/MINB there hung the GPU at NCWG 2 with PREGS 32.)
\! const PREGS 24
\! const CREGS (65536/MINB/NTHREADS/8*8*NTHREADS-128*PREGS)/(128*NCWG)/8*8
\! const KVS 2                      \ stages of the K and V rings
\! const QBUF 2                     \ Q buffers (the next item's Q loads into the other)
\! const DYN 0                      \ 1: a block's items after its first from a counter (TICKET; flash-attention-sm90.fs next-item)
\! const OVERLAP 1                  \ softmax of S_j while P_{j-1} V_{j-1} runs
\! const PINGPONG 1                 \ consumer warpgroups take turns (needs OVERLAP)
\! launch-bounds NTHREADS MINB
\ Q, K, V and O are (BATCH, heads, rows, HEAD_DIM) with any strides (in
\ elements, the features contiguous): views such as q = qkv[:, :, 0] of a
\ (B, N, 3, H, d) tensor are read where they lie.
\! tmap Q T[BATCH-VARLEN*(BATCH-1),HQ,NQ,HEAD_DIM] strides Q_SB,Q_SH,Q_SN box 1,1,BR,64 swizzle 128
\! const KBOX BC                    \ PAGED: the rows a K/V copy, min(BC, PAGE) (the op's -D)
\! tmap K T[BATCH-VARLEN*(BATCH-1),HKV,NKV,HEAD_DIM] strides K_SB,K_SH,K_SN box 1,1,KBOX,64 swizzle 128
\! tmap V T[BATCH-VARLEN*(BATCH-1),HKV,NKV,HEAD_DIM] strides V_SB,V_SH,V_SN box 1,1,KBOX,64 swizzle 128
\! param O T[(BATCH-1)*(1-VARLEN)*O_SB+(HQ-1)*O_SH+(NQ-1)*O_SN+HEAD_DIM]
\! param LSE f32[(BATCH-VARLEN*(BATCH-1))*HQ*NQ]
\! param NQ i64
\! param NKV i64
\! param HQ i64
\! param HKV i64
\! param BATCH i64
\! param HG i64                     \ (batch, head) pairs a group of the LPT grid
\! param MAXQ i64                   \ the items' rows a pair: NQ, or VARLEN's longest sequence
\ HG, the query tiles a pair, HQ and HQ/HKV encoded for fdiv (flash-lpt.fs;
\ ops/_attention.py fast_divisor)
\! param DIV_HG i64
\! param DIV_QT i64
\! param DIV_HQ i64
\! param DIV_GQ i64
\! param SCALE f32
\! param WL i64                     \ LOCAL's window: keys before and after the diagonal
\! param WR i64
\! param CAP f32
\! param CU_Q i32[VARLEN*BATCH+1]      \ VARLEN's sequences: first rows in Q and K (flash-grid.fs)
\! param CU_K i32[VARLEN*BATCH+1]
\! param BT i32[PAGED*BATCH*MAXB+1-PAGED]  \ PAGED: each sequence's cache blocks, MAXB a row
\! param MAXB i64
\! param TICKET i64[2]               \ DYN's counter, 0 before and after a launch (next-item)
\! param Q_SB i64
\! param Q_SH i64
\! param Q_SN i64
\! param K_SB i64
\! param K_SH i64
\! param K_SN i64
\! param V_SB i64
\! param V_SH i64
\! param V_SN i64
\! param O_SB i64
\! param O_SH i64
\! param O_SN i64
\! shared QS T[QBUF*BR*HEAD_DIM] align 1024
\! shared KS T[KVS*BC*HEAD_DIM] align 1024
\! shared VS T[KVS*BC*HEAD_DIM] align 1024
\! shared BARS i64[2*QBUF+4*KVS]
\! shared ITEM i64[QBUF]             \ the item in each Q buffer
\! reg SEQ i64[5]                  \ VARLEN: this sequence's q-off len-q kv-off len-kv index (flash-grid.fs)
\! reg SACC f32[BC/2]
\! reg OACC f32[HEAD_DIM/2]
\! reg ML f32[4]
\! reg AL f32[2]                    \ the factor for O of rows r0, r0 + 8
\! reg P i32[BC/4]                  \ P packed to 16-bit pairs
: S-MMA ( desc-q desc-k scale-d -- )  0 0 WGMMA-{T} SACC ;
: PV-MMA ( a0 a1 a2 a3 desc-v -- )  1 1 WGMMA-{T}-RS OACC ;
: PACK ( x0 x1 -- pair )  F>{T}X2 ;
INCLUDE flash-mods.fs
INCLUDE flash-attention-sm90.fs
