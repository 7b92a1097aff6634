\ bf16 words for the kernels' per-type words (softmax_backward.forth's
\ LD4-bf16 ST4-bf16; INCLUDE before use).

\ bf16 pairs in one 32-bit word (a 2F@ slot): element 0 in the low half.
\ Float words read an integer slot's low 32 bits as an f32, so a bf16 is
\ its bits shifted to the top half.
: BF16-SPLIT ( w -- x0 x1 )  DUP 16 LSHIFT  SWAP 0xFFFF0000 AND ;
\ An f32 rounded to bf16 bits, nearest even; NaN stays a quiet NaN.
: BF16-BITS ( x -- b )
  DUP DUP F<> IF DROP 0x7FC0
  ELSE DUP 16 RSHIFT 1 AND 0x7FFF + +  16 RSHIFT 0xFFFF AND THEN ;
: BF16-PAIR ( x0 x1 -- w )  BF16-BITS 16 LSHIFT  SWAP BF16-BITS OR ;
: BF16-LD4 ( addr -- x0 x1 x2 x3 )  2F@ >R BF16-SPLIT R> BF16-SPLIT ;
: BF16-ST4 ( x0 x1 x2 x3 addr -- )  >R BF16-PAIR >R BF16-PAIR R> R> 2F! ;
