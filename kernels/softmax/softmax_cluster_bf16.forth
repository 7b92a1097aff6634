\ Softmax of long bfloat16 rows in one launch on Hopper, math in f32:
\ a cluster of CN blocks per row, grid (CN, rows) (softmax-cluster.fs).
\! kernel softmax_cluster_bf16
\! float f32
\! const CN 8
\! const GROUP 512
\! const VW 4
\! const RVPT 8
\! const MINB 2
\! launch-bounds GROUP MINB
\! cluster CN 1 1
\! const ESZ 2
\! param X bf16[ROWS*COLS]
\! param Y bf16[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! param CHUNK i64
\! shared RM f32[32]
\! shared RS f32[32]
\! shared CM f32[1]
\! shared CS f32[1]
\! reg XS f32[RVPT*VW+1]
: LD BF@ ;
: ST BF! ;
\ Four elements in one 8-byte access, converted by the hardware words
\ (exact widening; cvt.rn packing, a NaN stays a NaN).
: LD4 ( addr -- x0 x1 x2 x3 )  2F@ >R BF16X2>F R> BF16X2>F ;
: ST4 ( x0 x1 x2 x3 addr -- )  >R F>BF16X2 >R F>BF16X2 R> R> 2F! ;
INCLUDE softmax-cluster.fs
