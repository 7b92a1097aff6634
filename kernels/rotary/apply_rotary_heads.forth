\ Rotary embedding of q and k in one launch, of type T (-D T: bf16, f16 or
\ f32), math in f32, several heads a thread (rotary-heads.fs has the
\ layout, grid and block; the op's default). 16-bit elements travel as
\ pairs in 32-bit words (BF16X2>F and F>BF16X2, or the F16 ones: one
\ rounding to nearest even); a passed feature is copied bit for bit.
\! kernel apply_rotary_heads_{T}
\! type T bf16 f16 f32
\! float f32
\ V: elements a vector, 16/ESZ (16 bytes: 8 for bf16 and f16, 4 for f32),
\ or fewer: 4, 2 or 1 (the host checks the alignment).
\! const V 16/ESZ
\! const HPT 4      \ heads a thread
\! const ESZ sizeof(T)
\! const NW (V*ESZ+3)/4
\! const EPW V/NW
\! param Q T[B*HQ*N*D]
\! param K T[B*HKV*N*D]
\! param COS T[]
\! param SIN T[]
\! param QO T[B*HQ*N*D]
\! param KO T[B*HKV*N*D]
\! param B i64
\! param HQ i64
\! param HKV i64
\! param N i64
\! param D i64
\! param R i64
\! param CSB i64
\! reg XA f32[NW*HPT]
\! reg XB f32[NW*HPT]
\! reg CA f32[NW]
\! reg CB f32[NW]
\! reg SA f32[NW]
\! reg SB f32[NW]
\ A word is an f32, two 16-bit elements, or with V 1 one 16-bit element's
\ bits (I16@ sign-extends: the high half, garbage then, is dropped).
: LDW  NW 4 = IF 4F@ ELSE NW 2 = IF 2F@ ELSE
  EPW ESZ * 4 = IF F32@ ELSE I16@ THEN THEN THEN ;
: STW  NW 4 = IF 4F! ELSE NW 2 = IF 2F! ELSE
  EPW ESZ * 4 = IF F32! ELSE I16! THEN THEN THEN ;
: UNPACK-bf16 ( w -- x0 [x1] )  EPW 2 = IF BF16X2>F ELSE 16 LSHIFT THEN ;
: PACK-bf16 ( x0 [x1] -- w )  EPW 2 = IF F>BF16X2 ELSE 0.0 F>BF16X2 THEN ;
: UNPACK-f16 ( w -- x0 [x1] )  EPW 2 = IF F16X2>F ELSE F16X2>F DROP THEN ;
: PACK-f16 ( x0 [x1] -- w )  EPW 2 = IF F>F16X2 ELSE 0.0 F>F16X2 THEN ;
: UNPACK-f32 ( w -- x ) ;
: PACK-f32 ( x -- w ) ;
: UNPACK  UNPACK-{T} ;
: PACK  PACK-{T} ;
INCLUDE rotary-heads.fs
