\ Rotary embedding of q and k in one launch, bf16, math in f32
\ (rotary-rows.fs has the layout, grid and block).
\! kernel apply_rotary_bf16
\! float f32
\! const V 1        \ 4: 8-byte accesses (the host checks they apply)
\! const ESZ 2
\! param Q bf16[B*HQ*N*D]
\! param K bf16[B*HKV*N*D]
\! param COS bf16[]
\! param SIN bf16[]
\! param QO bf16[B*HQ*N*D]
\! param KO bf16[B*HKV*N*D]
\! param B i64
\! param HQ i64
\! param HKV i64
\! param N i64
\! param D i64
\! param R i64
\! param CSB i64
\! reg XA f32[V]
\! reg XB f32[V]
\! reg CA f32[V]
\! reg CB f32[V]
\! reg SA f32[V]
\! reg SB f32[V]
\ Four bf16 in one 8-byte access: a bf16 is the top half of an f32, so
\ element e is bits 16e..16e+15 of the word moved to bits 16..31 (a float
\ word reads the low 32 bits of an integer slot).
: BF4@ ( addr -- x0 x1 x2 x3 )
  @ { w }  w 16 LSHIFT  w -65536 AND  w 16 RSHIFT -65536 AND
  w 32 RSHIFT -65536 AND ;
\ Round an f32 to bf16 bits as BF! does: to nearest even, a NaN kept a
\ quiet NaN.
: >BF ( x -- bits )
  DUP DUP F= IF  DUP 16 RSHIFT 1 AND 32767 + + 16 RSHIFT
  ELSE  16 RSHIFT 64 OR  THEN 65535 AND ;
: BF4! ( x0 x1 x2 x3 addr -- )
  >R >BF 48 LSHIFT SWAP >BF 32 LSHIFT OR SWAP >BF 16 LSHIFT OR
  SWAP >BF OR R> ! ;
: LDV  V 4 = IF BF4@ ELSE BF@ THEN ;
: STV  V 4 = IF BF4! ELSE BF! THEN ;
INCLUDE rotary-rows.fs
