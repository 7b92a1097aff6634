\! kernel tiles
\! const TILE 16
\! shared A f32[TILE*TILE]
\! shared B i8[TILE+1]
\! shared C i16[(TILE+2)*3]
\! shared D i32[TILE%5+1]
\! shared E bf16[TILE/2]
\! shared F f16[4]
\! shared G i64[1]
\! float f32
TID-X FLOATS A + SF@ TID-X FLOATS A + SF!
7 B SI8! B SI8@ C SI16! C SI16@ D SI32! D SI32@
G S! G S@ DROP 1.0 E SBF! E SBF@ F SHF! F SHF@ D SF32! D SF32@ DROP
BARRIER
