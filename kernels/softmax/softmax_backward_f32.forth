\ Softmax backward over the last dimension of float32 rows, math in f32
\ (softmax-backward-rows.fs): DX = Y * (DY - sum(DY * Y)). -D GROUP, VW and
\ VPT as for softmax_f32.forth.
\! kernel softmax_backward_f32
\! float f32
\! const VPT 0
\! const GROUP 32
\! const VW 1
\! const ESZ 4
\! param Y f32[ROWS*COLS]
\! param DY f32[ROWS*COLS]
\! param DX f32[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg YS f32[VPT*VW+VW]
\! reg DS f32[VPT*VW+VW]
: LD F32@ ;
: ST F32! ;
: LD4 4F@ ;
: ST4 4F! ;
INCLUDE softmax-backward-rows.fs
