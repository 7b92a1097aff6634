\ Softmax of long bfloat16 rows split across blocks, math in f32
\ (softmax-split.fs): run with -D PHASE=1, then -D PHASE=2.
\! kernel softmax_split_bf16
\! float f32
\! const PHASE 1
\! const GROUP 256
\! const VW 1
\! const ESZ 2
\! param X bf16[ROWS*COLS]
\! param Y bf16[ROWS*COLS]
\! param PART f32[]
\! param ROWS i64
\! param COLS i64
\! param CHUNK i64
\! shared RM f32[32]
\! shared RS f32[32]
: LD BF@ ;
: ST BF! ;
INCLUDE ../lib/bf16.fs
: LD4 BF16-LD4 ;
: ST4 BF16-ST4 ;
INCLUDE softmax-split.fs
