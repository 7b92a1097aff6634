\ dQ from the atomic f32 sums, f16 (flash-backward-dq-convert.fs).
\! kernel flash_backward_dq_convert_f16
\! float f32
\! const PDL 0                     \ 1: programmatic dependent launch (flash-backward-dq-convert.fs)
\! pdl PDL
\! const ESZ 2
\! const HEAD_DIM 64
\! param DQACC f32[BATCH*H*NQ*HEAD_DIM]
\! param DQ f16[(BATCH-1)*DQ_SB+(H-1)*DQ_SH+(NQ-1)*DQ_SN+HEAD_DIM]
\! param NQ i64
\! param H i64
\! param BATCH i64
\! param SCALE f32
\! param DQ_SB i64
\! param DQ_SH i64
\! param DQ_SN i64
: STORE4 ( x0 x1 x2 x3 addr -- )
  { a } F>F16X2 $FFFFFFFF AND 32 LSHIFT { hi }  F>F16X2 $FFFFFFFF AND hi OR a ! ;
INCLUDE flash-backward-dq-convert.fs
