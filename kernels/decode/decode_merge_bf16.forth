\ Flash-decoding's merge of the splits, bf16 output (decode-merge.fs).
\! kernel decode_merge_bf16
\! float f32
\! const HEAD_DIM 128
\! const PDL 0                       \ sm_90: launched while the decode kernel runs (decode-merge.fs)
\! pdl PDL
\! const ESZ 2
\! param OP f32[NSPLIT*ROWS*HEAD_DIM]
\! param LP f32[NSPLIT*ROWS]
\! param O bf16[ROWS*HEAD_DIM]
\! param LSE f32[ROWS]
\! param ROWS i64
\! param NSPLIT i64
: OST ( x addr -- )  BF! ;
INCLUDE decode-merge.fs
