\ Softmax backward over the last dimension of bfloat16 rows, math in f32
\ (softmax-backward-rows.fs): DX = Y * (DY - sum(DY * Y)). -D GROUP, VW and
\ VPT as for softmax_bf16.forth.
\! kernel softmax_backward_bf16
\! float f32
\! const VPT 0
\! const GROUP 32
\! const VW 1
\! const ESZ 2
\! param Y bf16[ROWS*COLS]
\! param DY bf16[ROWS*COLS]
\! param DX bf16[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg YS f32[VPT*VW+VW]
\! reg DS f32[VPT*VW+VW]
: LD BF@ ;
: ST BF! ;
INCLUDE ../lib/bf16.fs
: LD4 BF16-LD4 ;
: ST4 BF16-ST4 ;
INCLUDE softmax-backward-rows.fs
