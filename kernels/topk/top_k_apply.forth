\ Top-k of rows of T (f32, bf16 or f16; -D T=), stage 3: the mask
\ (topk-apply.fs).
\! kernel top_k_apply_{T}
\! type T f32 bf16 f16
\! float f32
\! const U 8            \ loads in flight a thread
\! const ESZ sizeof(T)
\! param X T[ROWS*COLS]
\! param Y T[ROWS*COLS]
\! param THR f32[ROWS]
\! param ROWS i64
\! param COLS i64
: LD {T}@ ;
: ST {T}! ;
INCLUDE topk-apply.fs
