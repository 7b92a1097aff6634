\ dQ from the atomic f32 sums, bf16 (flash-backward-dq-convert.fs).
\! kernel flash_backward_dq_convert_bf16
\! float f32
\! const ESZ 2
\! param DQACC f32[N]
\! param DQ bf16[N]
\! param N i64
\! param SCALE f32
: STORE2 ( x0 x1 addr -- )  >R F>BF16X2 R> I32! ;
INCLUDE flash-backward-dq-convert.fs
