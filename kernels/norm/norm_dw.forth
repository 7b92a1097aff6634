\ The weight's (or bias's) gradient from norm_backward.forth's partial sums:
\ D[j] = the sum over the NP rows of P (f32, NP x COLS) of column j, in a
\ fixed order (four running sums over the rows p = 0, 1, 2, 3 mod 4, then
\ added), rounded to T once: deterministic, the same bits every run.
\ Grid: ceil(COLS / BDIM-X) blocks, a thread a column (the rows' reads are
\ coalesced along the columns).
\! kernel norm_dw_{T}
\! type T f32 bf16 f16
\! float f32
\! const ESZ sizeof(T)
\! param P f32[NP*COLS]
\! param D T[COLS]
\! param NP i64
\! param COLS i64
INCLUDE ../lib/typed.fs
GLOBAL-ID { col }
col COLS < IF
  0.0 0.0 0.0 0.0 { s0 s1 s2 s3 }
  0 BEGIN DUP 3 + NP < WHILE
    DUP COLS * col + FLOATS P + { a }
    s0 a F32@ F+ TO s0
    s1 a COLS FLOATS + F32@ F+ TO s1
    s2 a COLS 2 * FLOATS + F32@ F+ TO s2
    s3 a COLS 3 * FLOATS + F32@ F+ TO s3
    4 +
  REPEAT
  BEGIN DUP NP < WHILE
    DUP COLS * col + FLOATS P + F32@ s0 F+ TO s0
    1+
  REPEAT DROP
  s0 s1 F+ s2 s3 F+ F+  col ESZ * D + ST
THEN
