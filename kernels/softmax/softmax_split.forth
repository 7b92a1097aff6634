\ Softmax of long rows of T (f32, bf16 or f16; -D T=) split across
\ blocks, math in f32 (softmax-split.fs): run with -D PHASE=1, then
\ -D PHASE=2; -D RVPT=n vectors per thread in registers, -D REV=1 phase 2
\ in reverse block order.
\! kernel softmax_split_{T}
\! type T f32 bf16 f16
\! float f32
\! const PHASE 1
\! const GROUP 256
\! const VW 1
\! const RVPT 0
\! const REV 0
\! const MINB 1
\! launch-bounds GROUP MINB
\! const ESZ sizeof(T)
\! param X T[ROWS*COLS]
\! param Y T[ROWS*COLS]
\! param PART f32[]
\! param ROWS i64
\! param COLS i64
\! param CHUNK i64
\! param ROW0 i64
\! shared RM f32[32]
\! shared RS f32[32]
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
INCLUDE softmax-split.fs
