\ Softmax of long float32 rows in one launch on Hopper, math in f32:
\ a cluster of CN blocks per row, grid (CN, rows) (softmax-cluster.fs).
\! kernel softmax_cluster_f32
\! float f32
\! const CN 8
\! const GROUP 512
\! const VW 4
\! const RVPT 8
\! const MINB 2
\! launch-bounds GROUP MINB
\! cluster CN 1 1
\! const ESZ 4
\! param X f32[ROWS*COLS]
\! param Y f32[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! param CHUNK i64
\! shared RM f32[32]
\! shared RS f32[32]
\! shared CM f32[1]
\! shared CS f32[1]
\! reg XS f32[RVPT*VW+1]
: LD F32@ ;
: ST F32! ;
: LD4 4F@ ;
: ST4 4F! ;
INCLUDE softmax-cluster.fs
