\ A 16-byte vector (four 32-bit words, 4F@ in f32 mode) as its EV = 16 /
\ sizeof(T) elements of a `\! type T` kernel and back: f32's words are
\ its elements, a 16-bit type's word holds a pair (element 0 in the low
\ half). UNPACK4 ( w0 w1 w2 w3 -- x0 .. x[EV-1] ), PACK4 the reverse;
\ LD16 ( addr -- x0 .. x[EV-1] ) and ST16 ( x0 .. x[EV-1] addr -- ) move
\ one vector (the address 16-byte aligned, which the caller checks).
: UNPACK4-f32 ( x0 x1 x2 x3 -- x0 x1 x2 x3 ) ;
: PACK4-f32 ( x0 x1 x2 x3 -- x0 x1 x2 x3 ) ;
: UNPACK4-bf16 ( w0 w1 w2 w3 -- x0 .. x7 )
  { w0 w1 w2 w3 }  w0 BF16X2>F  w1 BF16X2>F  w2 BF16X2>F  w3 BF16X2>F ;
: PACK4-bf16 ( x0 .. x7 -- w0 w1 w2 w3 )
  { x0 x1 x2 x3 x4 x5 x6 x7 }
  x0 x1 F>BF16X2  x2 x3 F>BF16X2  x4 x5 F>BF16X2  x6 x7 F>BF16X2 ;
: UNPACK4-f16 ( w0 w1 w2 w3 -- x0 .. x7 )
  { w0 w1 w2 w3 }  w0 F16X2>F  w1 F16X2>F  w2 F16X2>F  w3 F16X2>F ;
: PACK4-f16 ( x0 .. x7 -- w0 w1 w2 w3 )
  { x0 x1 x2 x3 x4 x5 x6 x7 }
  x0 x1 F>F16X2  x2 x3 F>F16X2  x4 x5 F>F16X2  x6 x7 F>F16X2 ;
: UNPACK4 UNPACK4-{T} ;
: PACK4 PACK4-{T} ;
: LD16 ( addr -- x0 .. x[EV-1] )  4F@ UNPACK4 ;
: ST16 ( x0 .. x[EV-1] addr -- )  >R PACK4 R> 4F! ;
