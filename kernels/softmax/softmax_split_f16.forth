\ Softmax of long float16 rows split across blocks, math in f32
\ (softmax-split.fs): run with -D PHASE=1, then -D PHASE=2.
\! kernel softmax_split_f16
\! float f32
\! const PHASE 1
\! const GROUP 256
\! const VW 1
\! const ESZ 2
\! param X f16[ROWS*COLS]
\! param Y f16[ROWS*COLS]
\! param PART f32[]
\! param ROWS i64
\! param COLS i64
\! param CHUNK i64
\! shared RM f32[32]
\! shared RS f32[32]
: LD HF@ ;
: ST HF! ;
: LD4 ( addr -- x0 x1 x2 x3 )
  { a } a HF@  a 2 + HF@  a 4 + HF@  a 6 + HF@ ;
: ST4 ( x0 x1 x2 x3 addr -- )
  { x0 x1 x2 x3 a } x0 a HF!  x1 a 2 + HF!  x2 a 4 + HF!  x3 a 6 + HF! ;
INCLUDE softmax-split.fs
