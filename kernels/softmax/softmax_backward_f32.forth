\ Softmax backward over the last dimension of float32 rows, math in f32
\ (softmax-backward-rows.fs): DX = Y * (DY - sum(DY * Y)).
\! kernel softmax_backward_f32
\! float f32
\! const GROUP 32
\! const ESZ 4
\! param Y f32[ROWS*COLS]
\! param DY f32[ROWS*COLS]
\! param DX f32[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
: LD F32@ ;
: ST F32! ;
INCLUDE softmax-backward-rows.fs
