\ Flash-decoding's merge of the splits, output of T (bf16, f16 or f32)
\ (decode-merge.fs).
\! kernel decode_merge_{T}
\! type T bf16 f16 f32
\! float f32
\! const HEAD_DIM 128
\! const PDL 0                       \ sm_90: launched while the decode kernel runs (decode-merge.fs)
\! pdl PDL
\! const ESZ sizeof(T)
\! param OP f32[NSPLIT*ROWS*HEAD_DIM]
\! param LP f32[NSPLIT*ROWS]
\! param O T[ROWS*HEAD_DIM]
\! param LSE f32[ROWS]
\! param ROWS i64
\! param NSPLIT i64
: OST ( x addr -- )  {T}! ;
INCLUDE decode-merge.fs
