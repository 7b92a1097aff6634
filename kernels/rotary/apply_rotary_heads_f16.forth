\ Rotary embedding of q and k in one launch, f16, math in f32, several heads
\ a thread (rotary-heads.fs has the layout, grid and block; the op's
\ default). Elements travel as pairs in 32-bit words (F16X2>F and
\ F>F16X2, one rounding to nearest even); a passed feature is copied bit
\ for bit.
\! kernel apply_rotary_heads_f16
\! float f32
\ V: elements a vector, 8 (16 bytes), 4, 2 or 1 (the host checks the alignment).
\! const V 8
\! const HPT 4      \ heads a thread
\! const ESZ 2
\! const NW (V*ESZ+3)/4
\! const EPW V/NW
\! param Q f16[B*HQ*N*D]
\! param K f16[B*HKV*N*D]
\! param COS f16[]
\! param SIN f16[]
\! param QO f16[B*HQ*N*D]
\! param KO f16[B*HKV*N*D]
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
\ A word is two elements, or with V 1 one element's bits (I16@ sign-extends:
\ the high half, garbage then, is dropped).
: LDW  NW 4 = IF 4F@ ELSE NW 2 = IF 2F@ ELSE
  EPW 2 = IF F32@ ELSE I16@ THEN THEN THEN ;
: STW  NW 4 = IF 4F! ELSE NW 2 = IF 2F! ELSE
  EPW 2 = IF F32! ELSE I16! THEN THEN THEN ;
: UNPACK ( w -- x0 [x1] )  EPW 2 = IF F16X2>F ELSE F16X2>F DROP THEN ;
: PACK ( x0 [x1] -- w )  EPW 2 = IF F>F16X2 ELSE 0.0 F>F16X2 THEN ;
INCLUDE rotary-heads.fs
