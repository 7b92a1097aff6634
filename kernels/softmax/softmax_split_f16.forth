\ Softmax of long float16 rows split across blocks, math in f32
\ (softmax-split.fs): run with -D PHASE=1, then -D PHASE=2; -D RVPT=n
\ vectors per thread in registers, -D REV=1 phase 2 in reverse block order.
\! kernel softmax_split_f16
\! float f32
\! const PHASE 1
\! const GROUP 256
\! const VW 1
\! const RVPT 0
\! const REV 0
\! const MINB 1
\! launch-bounds GROUP MINB
\! const ESZ 2
\! param X f16[ROWS*COLS]
\! param Y f16[ROWS*COLS]
\! param PART f32[]
\! param ROWS i64
\! param COLS i64
\! param CHUNK i64
\! param ROW0 i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg XS f32[RVPT*VW+1]
: LD HF@ ;
: ST HF! ;
\ Four elements in one 8-byte access, converted by the hardware words
\ (cvt: exact widening, packing to nearest even as HF! does).
: LD4 ( addr -- x0 x1 x2 x3 )  2F@ >R F16X2>F R> F16X2>F ;
: ST4 ( x0 x1 x2 x3 addr -- )  >R F>F16X2 >R F>F16X2 R> R> 2F! ;
\ Two elements of a 32-bit pair (SMEM=2, softmax-pipe.fs).
: UNPACK ( w -- x0 x1 )  F16X2>F ;
: PACK ( x0 x1 -- w )  F>F16X2 ;
INCLUDE softmax-split.fs
