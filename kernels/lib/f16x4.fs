\ Four f16 values in one 8-byte access (global memory, 8-byte aligned), for
\ kernels that move f16 at full bandwidth. The conversions work on the bits
\ (a float word reads the low 32 bits of an integer slot, an integer word
\ reads an f32 as its 32 bits) and give what HF@ and HF! give, subnormals,
\ infinities and rounding included; a NaN stays a (quiet) NaN.

\ flag ? b : a, without a branch (flag -1 or 0): bf16x4.fs's SELECT under
\ its own name, so that a kernel for several types may INCLUDE both.
: HSELECT ( a b flag -- x )  DUP >R AND SWAP R> INVERT AND OR ;

\ f16 bits (the low 16 of h) to f32, branch-free: a normal number has its
\ exponent rebiased (15 -> 127), zero and subnormals are em * 2^-24,
\ infinity and NaN keep an all-ones exponent.
: H>F ( h -- x )
  { h }  h 32767 AND { em }
  em 13 LSHIFT 939524096 +
  em S>F 5.9604644775390625e-08 F* 0 OR   em 1024 <  HSELECT
  em 13 LSHIFT 2139095040 OR              em 31744 >= HSELECT
  h 32768 AND 16 LSHIFT OR ;

: HF4@ ( addr -- x0 x1 x2 x3 )
  @ { w }  w H>F  w 16 RSHIFT H>F  w 32 RSHIFT H>F  w 48 RSHIFT H>F ;

\ An f32 to f16 bits, rounded to nearest even (F. Giesen's
\ float_to_half_fast3_rtne), branch-free: the three cases are computed
\ and selected. NaN gives 0x7E00, |x| >= 65520 infinity; a result below
\ 2^-14 (subnormal or 0) is rounded by one float add to 2^-24 steps.
: >HF ( x -- bits )
  0 OR { u }  u 2147483647 AND { a }
  a 13 RSHIFT 1 AND  a I32+ -939524096 I32+ 4095 I32+ 13 RSHIFT 65535 AND
  a 0.5 F+ 0 OR 1056964608 - 65535 AND   a 947912704 <  HSELECT
  31744  a 2139095040 > 512 AND OR       a 1199570944 >= HSELECT
  u 16 RSHIFT 32768 AND OR ;

: HF4! ( x0 x1 x2 x3 addr -- )
  >R >HF 48 LSHIFT SWAP >HF 32 LSHIFT OR SWAP >HF 16 LSHIFT OR
  SWAP >HF OR R> ! ;
