\ Softmax over the last dimension of bfloat16 rows, math in f32
\ (softmax-rows.fs). -D GROUP=n: threads per row (see ../lib/rowstats.fs).
\! kernel softmax_bf16
\! float f32
\! const GROUP 32
\! const ESZ 2
\! param X bf16[ROWS*COLS]
\! param Y bf16[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
: LD BF@ ;
: ST BF! ;
INCLUDE softmax-rows.fs
