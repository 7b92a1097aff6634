\ Attention scores Q K^T * SCALE, bf16 or f16 (-D T) in and out, on the
\ tensor cores (exact products, f32 sums), causal unless -D CAUSAL=0
\ (scores-mma.fs). f32 has its own kernel, attention_scores_f32.forth: f32
\ values are not exact in TF32, so it multiplies on the CUDA cores, with
\ its own tiles (scores-tiles.fs).
\ Tiles of 64 x 128 scores, 8 warps of 32 x 32; for few queries (decoding)
\ the host gives -D BN=16 -D WN=16 (4 warps of 16 x 32).
\! kernel attention_scores_mma_{T}
\! type T bf16 f16
\! float f32
\! const CAUSAL 1
\! const BN 64
\! const BM 128
\! const WN 32
\! const WM 32
\! const DK 16
\! const MT WN/16
\! const NT WM/8
\! const NTHREADS (BN/WN)*(BM/WM)*32
\! const SS DK+4
\! const VST 1      \ 2: two scores per 4-byte store (the host checks)
\! const ESZ sizeof(T)
\! launch-bounds NTHREADS 2
\! param Q T[BH*N*D]
\! param K T[BH*M*D]
\! param S T[BH*N*M]
\! param BH i64
\! param N i64
\! param M i64
\! param D i64
\! param SCALE f32
\! shared QS f32[BN*SS]
\! shared KS f32[BM*SS]
\! reg ACC f32[MT*NT*4]
\! reg AFR f32[MT*4]
\ Both types' STORE2 are defined (the kernel calls its own), so both
\ 16-bit types' rounding words (>BF, >HF) are INCLUDEd.
INCLUDE ../lib/bf16x4.fs
INCLUDE ../lib/f16x4.fs
: LD {T}@ ;
: MMA MMA-TF32 ;   \ exact products: the values are exact in TF32
: ST {T}! ;
: STORE2-bf16 ( x0 x1 addr -- )  >R >BF 16 LSHIFT SWAP >BF OR R> I32! ;
: STORE2-f16 ( x0 x1 addr -- )  >R >HF 16 LSHIFT SWAP >HF OR R> I32! ;
: STORE2 ( x0 x1 addr -- )  STORE2-{T} ;
INCLUDE scores-mma.fs
