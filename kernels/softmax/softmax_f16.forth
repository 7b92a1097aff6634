\ Softmax over the last dimension of float16 rows, math in f32
\ (softmax-rows.fs). -D GROUP=n threads per row (../lib/rowstats.fs), -D VW=4
\ four elements per access, -D VPT=n vectors per thread in registers.
\! kernel softmax_f16
\! float f32
\! const VPT 0
\! const SMEM 0
\! const GROUP 32
\! const VW 1
\! const ESZ 2
\! param X f16[ROWS*COLS]
\! param Y f16[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg XS f32[VPT*VW+1]
\! shared ROWBUF f32[]
: LD HF@ ;
: ST HF! ;
\ Four elements in one 8-byte access, converted by the hardware words
\ (cvt: exact widening, packing to nearest even as HF! does).
: LD4 ( addr -- x0 x1 x2 x3 )  2F@ >R F16X2>F R> F16X2>F ;
: ST4 ( x0 x1 x2 x3 addr -- )  >R F>F16X2 >R F>F16X2 R> R> 2F! ;
INCLUDE softmax-rows.fs
