\ Top-p (nucleus) masking of float16 rows, compared in f32 (topk-rows.fs).
\! kernel top_p_mask_f16
\! float f32
\! launch-bounds 1024
\! const TOPP 1
\! const CAND_MAX 16384   \ -D: fewer for short rows (less shared memory)
\! const U 4              \ loads in flight per thread (8 spills)
\! const ESZ 2
\! param X f16[ROWS*COLS]
\! param Y f16[ROWS*COLS]
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
: LD HF@ ;
: ST HF! ;
INCLUDE topk-rows.fs
