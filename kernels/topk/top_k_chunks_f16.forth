\ Top-k of f16 rows, stage 1: each chunk's k largest keys (topk-chunks.fs).
\! kernel top_k_chunks_f16
\! float f32
\! launch-bounds 256 MINB
\! const MINB 3         \ -D: chunk blocks an SM must hold (registers)
\! const E 12           \ elements a thread (CH <= E*BDIM-X)
\! const ESZ 2
\! param X f16[ROWS*COLS]
\! param CAND f32[ROWS*NCH*K]
\! param ROWS i64
\! param COLS i64
\! param NCH i64
\! param CH i64
\! param K i64
\! reg KY i32[E]
\! shared H i32[256]
\! shared WS i64[64]
\! shared SEL i64[2]
\! shared CNT i32[4]
: LD HF@ ;
INCLUDE topk-chunks.fs
