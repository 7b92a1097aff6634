\ Top-p (nucleus) masking of few rows of T (f32, bf16 or f16; -D T=), each
\ split over many blocks, compared in f32 (topp-split.fs): -D PHASE=1, 2, 3
\ on one grid, then top_k_apply.forth masks with THR.
\! kernel top_p_split_{T}
\! type T f32 bf16 f16
\! float f32
\! launch-bounds 1024
\! const PHASE 1   \ -D: 1, 2, 3 (topp-split.fs)
\! const U 4       \ loads in flight a thread
\! const ESZ sizeof(T)
\! const TOPP 1
\! param X T[ROWS*COLS]
\! param WS f32[ROWS*(8224+(NCH+15)/16*16)*2]   \ 8-byte slots (topp-split.fs)
\! param CANDS f32[ROWS*((COLS+31)/32*32)]
\! param THR f32[ROWS]
\! param ROWS i64
\! param COLS i64
\! param NCH i64
\! param CH i64
\! param K i64   \ min_tokens_to_keep
\! param P f32
\! reg KS i32[U]
\! shared HC i32[4096]
\! shared HM f32[4096]
\! shared WC i64[32]
\! shared WM f32[32]
\! shared SEL i64[4]
\! shared SELM f32[4]
\! shared LAST i64[1]
: LD {T}@ ;
INCLUDE topp-split.fs
