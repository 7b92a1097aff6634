\ Softmax of long float16 rows in one launch on Hopper, math in f32:
\ a cluster of CN blocks per row, grid (CN, rows) (softmax-cluster.fs).
\! kernel softmax_cluster_f16
\! float f32
\! const CN 8
\! const GROUP 512
\! const VW 4
\! const RVPT 8
\! const MINB 2
\! launch-bounds GROUP MINB
\! cluster CN 1 1
\! const ESZ 2
\! param X f16[ROWS*COLS]
\! param Y f16[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! param CHUNK i64
\! shared RM f32[32]
\! shared RS f32[32]
\! shared CM f32[1]
\! shared CS f32[1]
\! reg XS f32[RVPT*VW+1]
: LD HF@ ;
: ST HF! ;
\ Four elements in one 8-byte access, converted by the hardware words
\ (cvt: exact widening, packing to nearest even as HF! does).
: LD4 ( addr -- x0 x1 x2 x3 )  2F@ >R F16X2>F R> F16X2>F ;
: ST4 ( x0 x1 x2 x3 addr -- )  >R F>F16X2 >R F>F16X2 R> R> 2F! ;
INCLUDE softmax-cluster.fs
