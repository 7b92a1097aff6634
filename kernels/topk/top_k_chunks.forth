\ Top-k of rows of T (f32, bf16 or f16; -D T=), stage 1: each chunk's k
\ largest keys (topk-chunks.fs).
\! kernel top_k_chunks_{T}
\! type T f32 bf16 f16
\! float f32
\! launch-bounds 256 MINB
\! const MINB 3         \ -D: chunk blocks an SM must hold (registers)
\! const E 12           \ elements a thread (CH <= E*BDIM-X)
\! const ESZ sizeof(T)
\! param X T[ROWS*COLS]
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
: LD {T}@ ;
INCLUDE topk-chunks.fs
