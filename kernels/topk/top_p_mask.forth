\ Top-p (nucleus) masking of rows of T (f32, bf16 or f16; -D T=), compared
\ in f32 (topk-rows.fs).
\! kernel top_p_mask_{T}
\! type T f32 bf16 f16
\! float f32
\! launch-bounds 1024
\! const TOPP 1
\! const CAND_MAX 16384   \ -D: fewer for short rows (less shared memory)
\! const U 4              \ loads in flight per thread (8 spills)
\! const ESZ sizeof(T)
\! param X T[ROWS*COLS]
\! param Y T[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! param K i64   \ min_tokens_to_keep
\! param P f32
\! shared HC i32[4096]
\! shared HM f32[4096]
\! shared WC i64[32]
\! shared WM f32[32]
\! shared SEL i64[4]
\! shared SELM f32[4]
\! shared CAND i32[CAND_MAX]
: LD {T}@ ;
: ST {T}! ;
INCLUDE topk-rows.fs
