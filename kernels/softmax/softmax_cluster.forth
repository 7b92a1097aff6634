\ Softmax of long rows of T (f32, bf16 or f16; -D T=) in one launch on
\ Hopper, math in f32: a cluster of CN blocks per row, grid (CN, rows)
\ (softmax-cluster.fs).
\! kernel softmax_cluster_{T}
\! type T f32 bf16 f16
\! float f32
\! const CN 8
\! const GROUP 512
\! const VW 4
\! const RVPT 8
\! const MINB 2
\! launch-bounds GROUP MINB
\! cluster CN 1 1
\! const ESZ sizeof(T)
\! param X T[ROWS*COLS]
\! param Y T[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! param CHUNK i64
\! shared RM f32[32]
\! shared RS f32[32]
\! shared CM f32[1]
\! shared CS f32[1]
\! reg XS f32[RVPT*VW+1]
INCLUDE ../lib/typed.fs
INCLUDE softmax-cluster.fs
