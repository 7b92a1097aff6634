\ Softmax over the last dimension of bfloat16 rows, math in f32
\ (softmax-rows.fs). -D GROUP=n threads per row (../lib/rowstats.fs), -D VW=4
\ four elements per access, -D VPT=n vectors per thread in registers.
\! kernel softmax_bf16
\! float f32
\! const VPT 0
\! const SMEM 0
\! const GROUP 32
\! const VW 1
\! const ESZ 2
\! param X bf16[ROWS*COLS]
\! param Y bf16[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg XS f32[VPT*VW+1]
\! shared ROWBUF f32[]
: LD BF@ ;
: ST BF! ;
\ Four elements in one 8-byte access, converted by the hardware words
\ (exact widening; cvt.rn packing, a NaN stays a NaN).
: LD4 ( addr -- x0 x1 x2 x3 )  2F@ >R BF16X2>F R> BF16X2>F ;
: ST4 ( x0 x1 x2 x3 addr -- )  >R F>BF16X2 >R F>BF16X2 R> R> 2F! ;
INCLUDE softmax-rows.fs
