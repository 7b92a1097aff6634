\ Rotary embedding of q and k in one launch, f32, several heads a thread
\ (rotary-heads.fs has the layout, grid and block; the op's default).
\! kernel apply_rotary_heads_f32
\! float f32
\ V: elements a vector, 4 (16 bytes), 2 or 1 (the host checks the alignment).
\! const V 4
\! const HPT 4      \ heads a thread
\! const ESZ 4
\! const NW (V*ESZ+3)/4
\! const EPW V/NW
\! param Q f32[B*HQ*N*D]
\! param K f32[B*HKV*N*D]
\! param COS f32[]
\! param SIN f32[]
\! param QO f32[B*HQ*N*D]
\! param KO f32[B*HKV*N*D]
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
: LDW  NW 4 = IF 4F@ ELSE NW 2 = IF 2F@ ELSE F32@ THEN THEN ;
: STW  NW 4 = IF 4F! ELSE NW 2 = IF 2F! ELSE F32! THEN THEN ;
: UNPACK ;
: PACK ;
INCLUDE rotary-heads.fs
