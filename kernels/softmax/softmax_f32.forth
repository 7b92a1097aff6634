\ Softmax over the last dimension of float32 rows, math in f32
\ (softmax-rows.fs). -D GROUP=n threads per row (../lib/rowstats.fs), -D VW=4
\ four elements per access, -D VPT=n vectors per thread in registers.
\! kernel softmax_f32
\! float f32
\! const VPT 0
\! const SMEM 0
\! const GROUP 32
\! const VW 1
\! const ESZ 4
\! param X f32[ROWS*COLS]
\! param Y f32[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg XS f32[VPT*VW+1]
\! shared ROWBUF f32[]
: LD F32@ ;
: ST F32! ;
: LD4 4F@ ;
: ST4 4F! ;
INCLUDE softmax-rows.fs
