\ Four bf16 values in one 8-byte access (global memory, 8-byte aligned), for
\ kernels that move bf16 at full bandwidth. A bf16 is the top half of an
\ f32, so element e (bits 16e..16e+15 of the word) becomes a float when
\ moved to bits 16..31: a float word reads the low 32 bits of an integer
\ slot, and an integer word reads an f32 as its 32 bits.

: BF4@ ( addr -- x0 x1 x2 x3 )
  @ { w }  w 16 LSHIFT  w -65536 AND  w 16 RSHIFT -65536 AND
  w 32 RSHIFT -65536 AND ;

\ flag ? b : a, without a branch (flag -1 or 0).
: SELECT ( a b flag -- x )  DUP >R AND SWAP R> INVERT AND OR ;

\ An f32 rounded to bf16 bits as BF! does: to nearest even, a NaN kept a
\ quiet NaN. Branch-free, in 32-bit arithmetic: the bits 16..31 of the sum
\ are right even where I32+ wraps.
: >BF ( x -- bits )
  DUP 0 OR { u }  DUP F<> { isnan }
  u 16 RSHIFT 1 AND u I32+ 32767 I32+ 16 RSHIFT 65535 AND
  u 16 RSHIFT 64 OR 65535 AND  isnan SELECT ;

: BF4! ( x0 x1 x2 x3 addr -- )
  >R >BF 48 LSHIFT SWAP >BF 32 LSHIFT OR SWAP >BF 16 LSHIFT OR
  SWAP >BF OR R> ! ;
