\ FlashAttention backward on Hopper (TMA, wgmma, warp specialization), bf16
\ or f16 (-D T): dK and dV, and dQ's f32 sums by TMA reductions
\ (flash-backward-sm90.fs has the design; flash_backward_pre.forth runs
\ first, then flash_backward_dq_convert.forth). -D HEAD_DIM 64 or 128,
\ CAUSAL.
\! kernel flash_backward_sm90_{T}
\! type T bf16 f16
\! float f32
\! const HEAD_DIM 128
\! const PDL 0                     \ 1: programmatic dependent launch (flash-backward-sm90.fs)
\! pdl PDL
\! const LPT 0                     \ 1: grid with the heaviest tiles first (flash-backward-sm90.fs)
\! const CAUSAL 0
\! const LOCAL 0                   \ a sliding window: WL, WR (flash-grid.fs)
\! const SOFTCAP 0                 \ scores CAP tanh(s SCALE / CAP) (flash-grid.fs)
\! const VARLEN 0                  \ packed sequences: CU_Q, CU_K (flash-grid.fs)
\! const PAGED 0                   \ (no paged cache here; flash-grid.fs set-seq reads it)
\! const NCWG 2                     \ consumer warpgroups (64 keys each)
\! const BC 64*NCWG
\! const BR 8192/HEAD_DIM           \ query rows a tile: 128 at d64, 64 at d128
\! const QST 2                      \ stages of the Q/dO ring
\! const STM 1                      \ dS^T to shared memory by STMATRIX (0: 32-bit stores)
\ 1: dS into dQ as two 16-bit parts; bf16's default (the op picks it:
\ _attention_backward.ds_split), f16's 0.
\! const DS_SPLIT is(T,bf16)
\! const DQW 1                      \ DQ_TMA's reductions issued by a thread of the producer's warpgroup (flash-backward-sm90.fs dqw)
\! const DQ_TMA 1-DS_SPLIT*(128/HEAD_DIM-1)   \ dQ's parts added by TMA reductions from shared memory (0: atomics a thread; two-part dS at d64 leaves no room for its tile)
\ Floats an atomic of dQ (1, 2 or 4), on an H100 (bench/backward_tiles.py):
\ bf16 one-part dS at 2 1-6% above 4; two-part d64/d128 220/269 TFLOP/s at
\ 4, 217/267 at 2, 177/208 at 1; f16 (one part) d64/d128 296/334 TFLOP/s
\ at 2, 283/323 at 4, 228/241 at 1.
\! const DQ_VEC 2+2*DS_SPLIT
\! const NTHREADS 128*(NCWG+1)      \ and one producer warpgroup
\! const MINB 1                     \ blocks an SM (2: NCWG 1 at BR 64)
\! const PREGS 24                   \ the producer's registers (setmaxnreg)
\ The consumers': the block's registers at launch (what launch-bounds
\ leaves a thread, to a multiple of 8) less the producer's, over the
\ consumer threads. More than that and their setmaxnreg waits forever.
\! const CREGS (65536/MINB/NTHREADS/8*8*NTHREADS-128*PREGS)/(128*NCWG)/8*8
\! launch-bounds NTHREADS MINB
\ Q, K, V, DOUT, DK and DV are (BATCH, heads, rows, HEAD_DIM) with any
\ strides (in elements, the features contiguous; DK and DV share theirs).
\! tmap Q T[BATCH-VARLEN*(BATCH-1),HQ,NQ,HEAD_DIM] strides Q_SB,Q_SH,Q_SN box 1,1,BR,64 swizzle 128
\! tmap K T[BATCH-VARLEN*(BATCH-1),HKV,NKV,HEAD_DIM] strides K_SB,K_SH,K_SN box 1,1,BC,64 swizzle 128
\! tmap V T[BATCH-VARLEN*(BATCH-1),HKV,NKV,HEAD_DIM] strides V_SB,V_SH,V_SN box 1,1,BC,64 swizzle 128
\! tmap DOUT T[BATCH-VARLEN*(BATCH-1),HQ,NQ,HEAD_DIM] strides DO_SB,DO_SH,DO_SN box 1,1,BR,64 swizzle 128
\ L2 and D of a query tile: BR floats, or with VARLEN from the 16-byte
\ boundary before the tile's rows (the copy engine's coordinates must be)
\ L2BOX of them; a stage's LSS floats keep each one 128-byte aligned.
\! const L2BOX BR+4*VARLEN
\! const LSS BR+32*VARLEN
\! tmap L2 f32[(BATCH-VARLEN*(BATCH-1))*HQ,NQP] box 1,L2BOX
\! tmap DPRE f32[(BATCH-VARLEN*(BATCH-1))*HQ,NQP] box 1,L2BOX
\! param DQACC f32[(BATCH-VARLEN*(BATCH-1))*HQ*NQ*HEAD_DIM]
\! tmap DQMAP f32[(BATCH-VARLEN*(BATCH-1))*HQ,NQ,HEAD_DIM] box 1,64,32 swizzle 128   \ DQACC again (DQ_TMA)
\! param DK T[(BATCH-1)*(1-VARLEN)*G_SB+(HKV-1)*G_SH+(NKV-1)*G_SN+HEAD_DIM]
\! param DV T[(BATCH-1)*(1-VARLEN)*G_SB+(HKV-1)*G_SH+(NKV-1)*G_SN+HEAD_DIM]
\! param NQ i64
\! param NQP i64
\! param NKV i64
\! param HQ i64
\! param HKV i64
\! param BATCH i64
\! param HG i64                     \ (batch, K/V head) pairs a group of the LPT grid
\! param SCALE f32
\! param WL i64                     \ LOCAL's window: keys before and after the diagonal
\! param WR i64
\! param CAP f32
\! param CU_Q i32[VARLEN*BATCH+1]      \ VARLEN's sequences: first rows in Q and K (flash-grid.fs)
\! param CU_K i32[VARLEN*BATCH+1]
\! param Q_SB i64
\! param Q_SH i64
\! param Q_SN i64
\! param K_SB i64
\! param K_SH i64
\! param K_SN i64
\! param V_SB i64
\! param V_SH i64
\! param V_SN i64
\! param DO_SB i64
\! param DO_SH i64
\! param DO_SN i64
\! param G_SB i64
\! param G_SH i64
\! param G_SN i64
\! shared KS T[BC*HEAD_DIM] align 1024
\! shared VS T[BC*HEAD_DIM] align 1024
\! shared QS T[QST*BR*HEAD_DIM] align 1024
\! shared DOS T[QST*BR*HEAD_DIM] align 1024
\! shared DSS T[2*(1+DS_SPLIT)*BC*BR] align 1024
\! shared DQS f32[DQ_TMA*NCWG*4096+1-DQ_TMA] align 1024   \ a warpgroup's 64 x 64 part of dQ (DQ_TMA)
\! shared LS f32[QST*LSS] align 128
\! shared DS f32[QST*LSS] align 128
\! shared BARS i64[1+2*QST+2*NCWG]
\! reg SEQ i64[5]                  \ VARLEN: this sequence's q-off len-q kv-off len-kv index (flash-grid.fs)
\! reg SACC f32[BR/2]
\! reg DPACC f32[BR/2]
\! reg DVACC f32[HEAD_DIM/2]
\! reg DKACC f32[HEAD_DIM/2]
\! reg DQR f32[32]
\! reg P i32[BR/4]                  \ P^T packed to 16-bit pairs
\! reg DSP i32[BR/4]                \ dS^T packed
: S-MMA ( desc-k desc-q scale-d -- )  0 0 WGMMA-{T} SACC ;
: DP-MMA ( desc-v desc-do scale-d -- )  0 0 WGMMA-{T} DPACC ;
: DV-MMA ( a0 a1 a2 a3 desc-do -- )  1 1 WGMMA-{T}-RS DVACC ;
: DK-MMA ( a0 a1 a2 a3 desc-q -- )  1 1 WGMMA-{T}-RS DKACC ;
: DQ-MMA ( desc-ds desc-k scale-d -- )  1 1 WGMMA-{T} DQR ;
: PACK ( x0 x1 -- pair )  F>{T}X2 ;
: UNPACK ( pair -- x0 x1 )  {T}X2>F ;
INCLUDE flash-mods.fs
INCLUDE flash-backward-sm90.fs
