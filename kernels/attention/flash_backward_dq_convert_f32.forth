\ dQ from the atomic f32 sums, f32 (flash-backward-dq-convert.fs).
\! kernel flash_backward_dq_convert_f32
\! float f32
\! const ESZ 4
\! param DQACC f32[N]
\! param DQ f32[N]
\! param N i64
\! param SCALE f32
: STORE2 ( x0 x1 addr -- )  2F! ;
INCLUDE flash-backward-dq-convert.fs
