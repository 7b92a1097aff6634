\ RMSNorm and LayerNorm over the last dimension of rows of T (f32, bf16 or
\ f16; -D T=), statistics in f32 (norm-rows.fs). -D LAYER=1 LayerNorm (the
\ mean taken out), else RMSNorm; -D RES=1 normalizes h = x + residual
\ (rounded to T) and writes h to H; -D BIAS=1 adds the bias BVEC. Each
\ row's rstd (and with LAYER its mean) goes to RSTDS (MEANS) as f32. -D CAST=1
\ rounds x * rstd to T before the weight multiplies it (HF's LlamaRMSNorm),
\ else one rounding at the end. -D GROUP=n threads a row, -D VN=1|EV
\ elements an access, -D VPT=n vectors a thread held in registers (0: the
\ looped path, any length), -D THREADS=n the block size (launch bounds).
\! kernel norm_{T}
\! type T f32 bf16 f16
\! float f32
\! const LAYER 0
\! const RES 0
\! const BIAS 0
\! const CAST 0
\! const GROUP 32
\! const VN 1
\! const VPT 0
\! const THREADS 128
\! launch-bounds THREADS 1
\! const ESZ sizeof(T)
\! const EV 16/ESZ
\! param X T[ROWS*COLS]
\! param RESID T[]
\! param WEIGHT T[COLS]
\! param BVEC T[]
\! param Y T[ROWS*COLS]
\! param H T[]
\! param MEANS f32[]
\! param RSTDS f32[]
\! param ROWS i64
\! param COLS i64
\! param EPS f32
\! shared RM f32[32]
\! shared RS f32[32]
\! reg V f32[EV]
\! reg XS f32[VPT*VN+1]
INCLUDE norm.fs
INCLUDE norm-rows.fs
