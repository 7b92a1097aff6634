\ Softmax over the last dimension of float16 rows, math in f32
\ (softmax-rows.fs). -D GROUP=n: threads per row (see ../lib/rowstats.fs).
\! kernel softmax_f16
\! float f32
\! const GROUP 32
\! const ESZ 2
\! param X f16[ROWS*COLS]
\! param Y f16[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
: LD HF@ ;
: ST HF! ;
INCLUDE softmax-rows.fs
