\ Rotary embedding of q and k in one launch, f16, math in f32
\ (rotary-rows.fs has the layout, grid and block).
\! kernel apply_rotary_f16
\! float f32
\! const V 1        \ 4: 8-byte accesses (the host checks they apply)
\! const ESZ 2
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
\! reg XA f32[V]
\! reg XB f32[V]
\! reg CA f32[V]
\! reg CB f32[V]
\! reg SA f32[V]
\! reg SB f32[V]
INCLUDE ../lib/f16x4.fs
: LDV  V 4 = IF HF4@ ELSE HF@ THEN ;
: STV  V 4 = IF HF4! ELSE HF! THEN ;
INCLUDE rotary-rows.fs
