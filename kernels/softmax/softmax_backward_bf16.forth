\ Softmax backward over the last dimension of bfloat16 rows, math in f32
\ (softmax-backward-rows.fs): DX = Y * (DY - sum(DY * Y)).
\! kernel softmax_backward_bf16
\! float f32
\! const GROUP 32
\! const ESZ 2
\! param Y bf16[ROWS*COLS]
\! param DY bf16[ROWS*COLS]
\! param DX bf16[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
: LD BF@ ;
: ST BF! ;
INCLUDE softmax-backward-rows.fs
