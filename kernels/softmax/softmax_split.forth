\ Softmax of long rows of T (f32, bf16 or f16; -D T=) split across
\ blocks, math in f32 (softmax-split.fs): run with -D PHASE=1, then
\ -D PHASE=2; -D RVPT=n vectors per thread in registers, -D REV=1 phase 2
\ in reverse block order.
\! kernel softmax_split_{T}
\! type T f32 bf16 f16
\! float f32
\! const PHASE 1
\! const GROUP 256
\! const VW 1
\! const RVPT 0
\! const REV 0
\! const MINB 1
\! launch-bounds GROUP MINB
\! const ESZ sizeof(T)
\! param X T[ROWS*COLS]
\! param Y T[ROWS*COLS]
\! param PART f32[]
\! param ROWS i64
\! param COLS i64
\! param CHUNK i64
\! param ROW0 i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg XS f32[RVPT*VW+1]
INCLUDE ../lib/typed.fs
INCLUDE softmax-split.fs
