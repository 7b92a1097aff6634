\ Rotary embedding of q and k in one launch, of type T (-D T: bf16, f16 or
\ f32), math in f32 (rotary-rows.fs has the layout, grid and block).
\! kernel apply_rotary_{T}
\! type T bf16 f16 f32
\! float f32
\ V 4: 8-byte (bf16, f16) or 16-byte (f32) accesses (the host checks they apply).
\! const V 1
\! const ESZ sizeof(T)
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
\! reg XA f32[V]
\! reg XB f32[V]
\! reg CA f32[V]
\! reg CB f32[V]
\! reg SA f32[V]
\! reg SB f32[V]
\ Every type's LDV and STV are defined (the kernel calls its own), so both
\ 16-bit types' four-wide words are INCLUDEd.
INCLUDE ../lib/bf16x4.fs
INCLUDE ../lib/f16x4.fs
: LDV-bf16  V 4 = IF BF4@ ELSE BF@ THEN ;
: STV-bf16  V 4 = IF BF4! ELSE BF! THEN ;
: LDV-f16   V 4 = IF HF4@ ELSE HF@ THEN ;
: STV-f16   V 4 = IF HF4! ELSE HF! THEN ;
: LDV-f32   V 4 = IF 4F@ ELSE F32@ THEN ;
: STV-f32   V 4 = IF 4F! ELSE F32! THEN ;
: LDV  LDV-{T} ;
: STV  STV-{T} ;
INCLUDE rotary-rows.fs
