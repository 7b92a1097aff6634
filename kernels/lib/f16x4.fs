\ Four f16 values in one 8-byte access (global memory, 8-byte aligned), for
\ kernels that move f16 at full bandwidth. The conversions work on the bits
\ (a float word reads the low 32 bits of an integer slot, an integer word
\ reads an f32 as its 32 bits) and give what HF@ and HF! give, subnormals,
\ infinities and rounding included; a NaN stays a (quiet) NaN.

\ f16 bits (the low 16 of h) to f32.
: H>F ( h -- x )
  { h }  h 32767 AND { em }
  em 1024 < IF  em S>F 5.9604644775390625e-08 F*   \ zero, subnormal: em * 2^-24
  ELSE em 31744 < IF  em 13 LSHIFT 939524096 +    \ normal: exponent bias 15 -> 127
  ELSE  em 13 LSHIFT 2139095040 OR  THEN THEN     \ infinity, NaN
  h 32768 AND 16 LSHIFT OR ;

: HF4@ ( addr -- x0 x1 x2 x3 )
  @ { w }  w H>F  w 16 RSHIFT H>F  w 32 RSHIFT H>F  w 48 RSHIFT H>F ;

\ An f32 to f16 bits, rounded to nearest even (F. Giesen's
\ float_to_half_fast3_rtne): NaN to 0x7E00, too large to infinity,
\ subnormal results rounded by one float add.
: >HF ( x -- bits )
  0 OR { u }  u 2147483647 AND { a }
  a 1199570944 >= IF                           \ |x| >= 2^16, inf, NaN
    a 2139095040 > IF 32256 ELSE 31744 THEN
  ELSE a 947912704 < IF                        \ |x| < 2^-14: a subnormal or 0
    a 0.5 F+ 1056964608 -                      \ the add rounds to 2^-24 steps
  ELSE
    a 13 RSHIFT 1 AND  a + -939524096 + 4095 + 13 RSHIFT
  THEN THEN
  u 16 RSHIFT 32768 AND OR ;

: HF4! ( x0 x1 x2 x3 addr -- )
  >R >HF 48 LSHIFT SWAP >HF 32 LSHIFT OR SWAP >HF 16 LSHIFT OR
  SWAP >HF OR R> ! ;
