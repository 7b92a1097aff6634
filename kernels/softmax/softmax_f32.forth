\ Softmax over the last dimension of float32 rows, math in f32
\ (softmax-rows.fs). -D GROUP=n: threads per row (see ../lib/rowstats.fs).
\! kernel softmax_f32
\! float f32
\! const GROUP 32
\! const ESZ 4
\! param X f32[ROWS*COLS]
\! param Y f32[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
: LD F32@ ;
: ST F32! ;
INCLUDE softmax-rows.fs
