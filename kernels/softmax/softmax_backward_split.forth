\ Softmax backward of long rows of T (f32, bf16 or f16; -D T=) split
\ across blocks, math in f32 (softmax-backward-split.fs): run with
\ -D PHASE=1, then -D PHASE=2.
\! kernel softmax_backward_split_{T}
\! type T f32 bf16 f16
\! float f32
\! const PHASE 1
\! const GROUP 256
\! const ESZ sizeof(T)
\! param Y T[ROWS*COLS]
\! param DY T[ROWS*COLS]
\! param DX T[ROWS*COLS]
\! param PART f32[]
\! param ROWS i64
\! param COLS i64
\! param CHUNK i64
\! shared RM f32[32]
\! shared RS f32[32]
: LD {T}@ ;
: ST {T}! ;
INCLUDE softmax-backward-split.fs
