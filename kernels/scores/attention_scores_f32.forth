\ Attention scores Q K^T * SCALE, f32 in and out, math in f32, causal
\ unless -D CAUSAL=0 (scores-tiles.fs has the layout, grid and block).
\! kernel attention_scores_f32
\! float f32
\! const CAUSAL 1
\! const BN 64
\! const BM 64
\! const TN 4
\! const TM 4
\! const DK 16
\! const NTX BM/TM
\! const NTHREADS NTX*(BN/TN)
\! const ESZ 4
\! launch-bounds NTHREADS
\! param Q f32[BH*N*D]
\! param K f32[BH*M*D]
\! param S f32[BH*N*M]
\! param BH i64
\! param N i64
\! param M i64
\! param D i64
\! param SCALE f32
\! shared QS f32[DK*BN]
\! shared KS f32[DK*BM]
\! reg ACC f32[TN*TM]
\! reg AV f32[TN]
\! reg BV f32[TM]
: LD F32@ ;
: ST F32! ;
INCLUDE scores-tiles.fs
