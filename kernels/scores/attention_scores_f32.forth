\ Attention scores Q K^T * SCALE, f32 in and out, math in f32, causal
\ unless -D CAUSAL=0 (scores-tiles.fs has the layout, grid and block).
\ Tiles of 64 x 128 scores, 4 x 8 per thread (8 x 8 spills with two blocks
\ per SM); for few queries (decoding) the host gives -D BN=16 -D TN=1.
\! kernel attention_scores_f32
\! float f32
\! const CAUSAL 1
\! const BN 64
\! const BM 128
\! const TN 4
\! const TM 8
\! const DK 16
\! const NTX BM/TM
\! const NTHREADS NTX*(BN/TN)
\! const QSTRIDE BN+4
\! const KSTRIDE BM+4
\! const VST 1      \ 4: 16-byte stores (the host checks they apply)
\! const ESZ 4
\! launch-bounds NTHREADS 2   \ two blocks per SM: at most 128 registers
\! param Q f32[BH*N*D]
\! param K f32[BH*M*D]
\! param S f32[BH*N*M]
\! param BH i64
\! param N i64
\! param M i64
\! param D i64
\! param SCALE f32
\! shared QS f32[DK*QSTRIDE]
\! shared KS f32[DK*KSTRIDE]
\! reg ACC f32[TN*TM]
\! reg AV f32[TN]
\! reg BV f32[TM]
: LD F32@ ;
: STV  VST 4 = IF 4F! ELSE F32! THEN ;
INCLUDE scores-tiles.fs
