\ A `\! type T` kernel's element loads and stores, as lib/vec.fs and the
\ row bodies take them: LD ( addr -- x ) and ST ( x addr -- ) one element
\ of T, LD4 ( addr -- x0 x1 x2 x3 ) and ST4 ( x0 x1 x2 x3 addr -- ) four
\ in one access (the address aligned to four elements, which the caller
\ checks). The 16-bit types are converted by the hardware words (bf16:
\ exact widening, cvt.rn packing, a NaN stays a NaN; f16: cvt, exact
\ widening, packing to nearest even as F16! does).
: LD {T}@ ;
: ST {T}! ;
: LD4-f32 4F@ ;
: ST4-f32 4F! ;
: LD4-bf16 ( addr -- x0 x1 x2 x3 )  2F@ >R BF16X2>F R> BF16X2>F ;
: ST4-bf16 ( x0 x1 x2 x3 addr -- )  >R F>BF16X2 >R F>BF16X2 R> R> 2F! ;
: LD4-f16 ( addr -- x0 x1 x2 x3 )  2F@ >R F16X2>F R> F16X2>F ;
: ST4-f16 ( x0 x1 x2 x3 addr -- )  >R F>F16X2 >R F>F16X2 R> R> 2F! ;
: LD4 LD4-{T} ;
: ST4 ST4-{T} ;
