\ Top-k, stage 2 of 3 (topk-chunks.fs is stage 1): the k-th largest of
\ each row's NCH*K chunk keys, which is the row's k-th largest value, as
\ a key in THR[r] (f32 slots holding the keys' bits). Launch: grid ROWS,
\ a block of 256 to 1024 threads with E*BDIM-X >= NCH*K.
\! kernel top_k_merge
\! float f32
\! launch-bounds 1024
\! const E 16           \ keys a thread
\! param CAND f32[ROWS*NCH*K]
\! param THR f32[ROWS]
\! param ROWS i64
\! param NCH i64
\! param K i64
\! reg KY i32[E]
\! shared H i32[256]
\! shared WS i64[64]
\! shared SEL i64[2]
INCLUDE topk-keys.fs
INCLUDE topk-select.fs

NCH K * { n }
BID-X n * 4 * CAND + { crow }
TID-X BDIM-X { tid nt }
E 0 UNROLL DO
  tid I nt * + DUP n < IF  4 * crow + I32@ 0xFFFFFFFF AND  ELSE DROP 0 THEN
  I KY!
LOOP
K SELECT DROP { t }
tid 0= IF  t  BID-X 4 * THR + I32!  THEN
