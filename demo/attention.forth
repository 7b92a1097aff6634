\ Causal attention in f64: O = softmax(Q K^T / sqrt(d), causal) V.
\ Grid (SEQ_LEN,1,1), block (32..1024,1,1). Q K V O are row-major
\ SEQ_LEN x HEAD_DIM. MAX_SEQ bounds SEQ_LEN (change it with -D MAX_SEQ=N).
\! kernel attention
\! const MAX_SEQ 1024
\! const MAX_BLOCK 1024
\! param Q f64[SEQ_LEN*HEAD_DIM]
\! param K f64[SEQ_LEN*HEAD_DIM]
\! param V f64[SEQ_LEN*HEAD_DIM]
\! param O f64[SEQ_LEN*HEAD_DIM]
\! param SEQ_LEN i64
\! param HEAD_DIM i64
\! shared SCORES f64[MAX_SEQ]
\! shared SCRATCH f64[MAX_BLOCK]
INCLUDE attention-body.forth
