\ Softmax backward over the last dimension of float16 rows, math in f32
\ (softmax-backward-rows.fs): DX = Y * (DY - sum(DY * Y)).
\! kernel softmax_backward_f16
\! float f32
\! const GROUP 32
\! const ESZ 2
\! param Y f16[ROWS*COLS]
\! param DY f16[ROWS*COLS]
\! param DX f16[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
: LD HF@ ;
: ST HF! ;
INCLUDE softmax-backward-rows.fs
