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
INCLUDE ../lib/bf16x4.fs
: LDV  V 4 = IF BF4@ ELSE BF@ THEN ;
: STV  V 4 = IF BF4! ELSE BF! THEN ;
INCLUDE rotary-rows.fs
