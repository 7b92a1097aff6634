\ Causal attention in f32 (f32 params, f32 math): the same body as
\ attention.forth, compiled in f32 mode.
\! kernel attention_f32
\! float f32
\! const MAX_SEQ 1024
\! const MAX_BLOCK 1024
\! param Q f32[SEQ_LEN*HEAD_DIM]
\! param K f32[SEQ_LEN*HEAD_DIM]
\! param V f32[SEQ_LEN*HEAD_DIM]
\! param O f32[SEQ_LEN*HEAD_DIM]
\! param SEQ_LEN i64
\! param HEAD_DIM i64
\! shared SCORES f32[MAX_SEQ]
\! shared SCRATCH f32[MAX_BLOCK]
INCLUDE attention-body.forth
