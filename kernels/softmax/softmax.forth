\ Softmax over the last dimension of rows of T (f32, bf16 or f16; -D T=),
\ math in f32 (softmax-rows.fs). -D GROUP=n threads per row
\ (../lib/rowstats.fs), -D VW=4 four elements per access, -D VPT=n vectors
\ per thread in registers.
\! kernel softmax_{T}
\! type T f32 bf16 f16
\! float f32
\! const VPT 0
\! const SMEM 0
\! const GROUP 32
\! const VW 1
\! const ESZ sizeof(T)
\! param X T[ROWS*COLS]
\! param Y T[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg XS f32[VPT*VW+1]
\! shared ROWBUF f32[]
INCLUDE ../lib/typed.fs
INCLUDE softmax-rows.fs
