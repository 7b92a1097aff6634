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
: LD {T}@ ;
: ST {T}! ;
\ Four elements in one 8-byte access; the 16-bit types converted by the
\ hardware words (bf16: exact widening, cvt.rn packing, a NaN stays a NaN;
\ f16: cvt, exact widening, packing to nearest even as F16! does).
: LD4-f32 4F@ ;
: ST4-f32 4F! ;
: LD4-bf16 ( addr -- x0 x1 x2 x3 )  2F@ >R BF16X2>F R> BF16X2>F ;
: ST4-bf16 ( x0 x1 x2 x3 addr -- )  >R F>BF16X2 >R F>BF16X2 R> R> 2F! ;
: LD4-f16 ( addr -- x0 x1 x2 x3 )  2F@ >R F16X2>F R> F16X2>F ;
: ST4-f16 ( x0 x1 x2 x3 addr -- )  >R F>F16X2 >R F>F16X2 R> R> 2F! ;
: LD4 LD4-{T} ;
: ST4 ST4-{T} ;
INCLUDE softmax-rows.fs
