\ Rotary embedding of q and k in one launch, f32, math in f32
\ (rotary-rows.fs has the layout, grid and block).
\! kernel apply_rotary_f32
\! float f32
\! const V 1        \ 4: vector loads (the host checks they apply)
\! const ESZ 4
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
\! reg XA f32[V]
\! reg XB f32[V]
\! reg CA f32[V]
\! reg CB f32[V]
\! reg SA f32[V]
\! reg SB f32[V]
: LDV  V 4 = IF 4F@ ELSE F32@ THEN ;
: STV  V 4 = IF 4F! ELSE F32! THEN ;
INCLUDE rotary-rows.fs
