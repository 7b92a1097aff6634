\ Order-preserving keys of f32 values, for the radix selects of
\ topk-rows.fs and topk-select.fs.

: NEG-INF ( -- -inf )  -1.0 0.0 F/ ;

\ An f32's key: unsigned 32-bit integers in the order of the values, -0.0
\ and +0.0 one key (they are one value to F<), NaN the largest. Negative values have all
\ bits flipped, the others the sign bit set. An integer word reads a float
\ slot as its bits (zero-extended). Every key is at least 0x007FFFFF
\ (-inf's), so 0 can stand for "no element".
: KEY ( x -- key )
  \ Every NaN as the positive quiet NaN: above +inf, as torch.topk has it.
  DUP DUP F<> IF  DROP 0x7FC00000  THEN
  0xFFFFFFFF AND  DUP 0x80000000 <> AND
  DUP 31 RSHIFT NEGATE 0x80000000 OR XOR  0xFFFFFFFF AND ;

\ Back from a key to the f32's bits (a float word reads them as the value).
: KEY>BITS ( key -- bits )
  DUP 31 RSHIFT 1- 0x80000000 OR XOR  0xFFFFFFFF AND ;
