\ Softmax over the last dimension of rows of T (f32, bf16 or f16; -D T=),
\ math in f32, rows pipelined through shared memory (softmax-pipe.fs): a
\ block of GROUP threads per SM runs rows BID-X, BID-X + GDIM-X, ...
\ -D PV=n 16-byte vectors (EV = 16 / ESZ elements: 4 of f32, 8 of bf16 or
\ f16) per thread (COLS <= EV * PV * GROUP), -D NBUF=n rows in shared
\ memory (launched with NBUF * COLS * ESZ bytes of it). The defaults are
\ 32 values a thread (PV 8 of f32, 4 of the 16-bit types), one row
\ buffered of f32, two of the 16-bit types.
\! kernel softmax_pipe_{T}
\! type T f32 bf16 f16
\! float f32
\! const GROUP 1024
\! const PV 2*ESZ
\! const NBUF 4/ESZ
\! const ESZ sizeof(T)
\! const EV 16/ESZ
\! launch-bounds GROUP 1
\! param X T[ROWS*COLS]
\! param Y T[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg EP f32[PV*EV]
\! shared ROWBUF f32[]
INCLUDE ../lib/pack16.fs
INCLUDE softmax-pipe.fs
