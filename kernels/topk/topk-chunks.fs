\ Top-k, stage 1 of 3 (the split path of ops/_topk.py, for small k): the
\ keys (topk-keys.fs) of the k largest elements of each chunk of a row.
\ Block (s, r) takes elements s*CH .. s*CH+CH-1 of row r (fewer in the
\ last chunk), E a thread, and writes kk = min(K, its length) keys to
\ CAND[(r*NCH + s)*K ..]: the keys above the chunk's kk-th largest t (in
\ any order), then t as often as it takes to make kk, then 0 up to K.
\ The k largest of the row are among the chunks' k largest, so the row's
\ k-th largest value is the k-th largest of its NCH*K keys (stage 2,
\ top_k_merge.forth); ties are copies of one key, so they count right.
\
\ The wrapper declares X, CAND (f32 slots holding the keys' bits), ROWS,
\ COLS, NCH, CH (CH*NCH >= COLS, CH <= E*BDIM-X), K (1 to COLS), ESZ, LD
\ ( addr -- x ), E, MINB, the register array KY i32[E] and the shared arrays of
\ topk-select.fs plus CNT i32[4]. Launch: grid (NCH, ROWS), a block of 32
\ to 1024 threads (whole warps).

INCLUDE topk-keys.fs
INCLUDE topk-select.fs

BID-X CH * { c0 }
c0 CH + COLS MIN { c1 }
BID-Y COLS * c0 + ESZ * X + { xs }
BID-Y NCH * BID-X + K * 4 * CAND + { orow }
TID-X BDIM-X { tid nt }
\ Every load before any key, so that E loads are in flight.
E 0 UNROLL DO
  tid I nt * +  c0 +  c1 < IF  tid I nt * + ESZ * xs + LD  ELSE NEG-INF THEN
LOOP
E 0 UNROLL DO
  \ The loads come off the stack last first.
  KEY  tid E 1- I - nt * +  c0 +  c1 < AND  E 1- I - KY!
LOOP
tid 0= IF  0 CNT SI32!  THEN    \ SELECT's first barrier orders it
K c1 c0 - MIN { kk }
kk SELECT { t gt }
E 0 UNROLL DO
  I KEY@ t > IF
    I KEY@  1 CNT SATOMIC-ADD-I32 4 * orow + I32!
  THEN
LOOP
tid gt + BEGIN DUP K < WHILE
  DUP kk < IF t ELSE 0 THEN  OVER 4 * orow + I32!
  nt +
REPEAT DROP
