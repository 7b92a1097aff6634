\ Softmax over the last dimension of float32 rows, math in f32, rows
\ pipelined through shared memory (softmax-pipe.fs): a block of GROUP
\ threads per SM runs rows BID-X, BID-X + GDIM-X, ... -D PV=n 16-byte
\ vectors (4 elements) per thread (COLS <= 4 * PV * GROUP), -D NBUF=n
\ rows in shared memory (launched with NBUF * COLS * 4 bytes of it).
\! kernel softmax_pipe_f32
\! float f32
\! const GROUP 1024
\! const PV 8
\! const NBUF 1
\! const ESZ 4
\! const EV 16/ESZ
\! launch-bounds GROUP 1
\! param X f32[ROWS*COLS]
\! param Y f32[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg EP f32[PV*EV]
\! shared ROWBUF f32[]
\ A vector's words are its elements.
: UNPACK4 ( x0 x1 x2 x3 -- x0 x1 x2 x3 ) ;
: PACK4 ( x0 x1 x2 x3 -- x0 x1 x2 x3 ) ;
INCLUDE softmax-pipe.fs
