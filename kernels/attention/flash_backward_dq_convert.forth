\ dQ from the atomic f32 sums, bf16, f16 or f32 (-D T;
\ flash-backward-dq-convert.fs).
\! kernel flash_backward_dq_convert_{T}
\! type T bf16 f16 f32
\! float f32
\! const PDL 0                     \ 1: programmatic dependent launch (flash-backward-dq-convert.fs)
\! pdl PDL
\! const ESZ sizeof(T)
\! const HEAD_DIM 64
\! param DQACC f32[BATCH*H*NQ*HEAD_DIM]
\! param DQ T[(BATCH-1)*DQ_SB+(H-1)*DQ_SH+(NQ-1)*DQ_SN+HEAD_DIM]
\! param NQ i64
\! param H i64
\! param BATCH i64
\! param SCALE f32
\! param DQ_SB i64
\! param DQ_SH i64
\! param DQ_SN i64
: STORE4-bf16 ( x0 x1 x2 x3 addr -- )
  { a } F>BF16X2 $FFFFFFFF AND 32 LSHIFT { hi }  F>BF16X2 $FFFFFFFF AND hi OR a ! ;
: STORE4-f16 ( x0 x1 x2 x3 addr -- )
  { a } F>F16X2 $FFFFFFFF AND 32 LSHIFT { hi }  F>F16X2 $FFFFFFFF AND hi OR a ! ;
: STORE4-f32 ( x0 x1 x2 x3 addr -- )  4F! ;
: STORE4 ( x0 x1 x2 x3 addr -- )  STORE4-{T} ;
INCLUDE flash-backward-dq-convert.fs
