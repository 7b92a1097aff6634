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
: LD {T}@ ;
: ST {T}! ;
\ Four elements in one access; the 16-bit types converted by the hardware
\ words (bf16: exact widening, cvt.rn packing, a NaN stays a NaN; f16:
\ cvt, exact widening, packing to nearest even as F16! does).
: LD4-f32 4F@ ;
: ST4-f32 4F! ;
: LD4-bf16 ( addr -- x0 x1 x2 x3 )  2F@ >R BF16X2>F R> BF16X2>F ;
: ST4-bf16 ( x0 x1 x2 x3 addr -- )  >R F>BF16X2 >R F>BF16X2 R> R> 2F! ;
: LD4-f16 ( addr -- x0 x1 x2 x3 )  2F@ >R F16X2>F R> F16X2>F ;
: ST4-f16 ( x0 x1 x2 x3 addr -- )  >R F>F16X2 >R F>F16X2 R> R> 2F! ;
: LD4 LD4-{T} ;
: ST4 ST4-{T} ;
INCLUDE softmax-cluster.fs
