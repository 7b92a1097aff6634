\ Softmax of long float32 rows split across blocks, math in f32
\ (softmax-split.fs): run with -D PHASE=1, then -D PHASE=2; -D RVPT=n
\ vectors per thread in registers, -D REV=1 phase 2 in reverse block order.
\! kernel softmax_split_f32
\! float f32
\! const PHASE 1
\! const GROUP 256
\! const VW 1
\! const RVPT 0
\! const REV 0
\! const MINB 1
\! launch-bounds GROUP MINB
\! const ESZ 4
\! param X f32[ROWS*COLS]
\! param Y f32[ROWS*COLS]
\! param PART f32[]
\! param ROWS i64
\! param COLS i64
\! param CHUNK i64
\! param ROW0 i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg XS f32[RVPT*VW+1]
: LD F32@ ;
: ST F32! ;
: LD4 4F@ ;
: ST4 4F! ;
INCLUDE softmax-split.fs
