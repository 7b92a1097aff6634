\ Softmax over the last dimension of bfloat16 rows, math in f32, rows
\ pipelined through shared memory (softmax-pipe.fs): a block of GROUP
\ threads per SM runs rows BID-X, BID-X + GDIM-X, ... -D PV=n 16-byte
\ vectors (8 elements) per thread (COLS <= 8 * PV * GROUP), -D NBUF=n
\ rows in shared memory (launched with NBUF * COLS * 2 bytes of it).
\! kernel softmax_pipe_bf16
\! float f32
\! const GROUP 1024
\! const PV 4
\! const NBUF 2
\! const ESZ 2
\! const EV 16/ESZ
\! launch-bounds GROUP 1
\! param X bf16[ROWS*COLS]
\! param Y bf16[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg EP f32[PV*EV]
\! shared ROWBUF f32[]
: UNPACK4 ( w0 w1 w2 w3 -- x0 .. x7 )
  { w0 w1 w2 w3 }  w0 BF16X2>F  w1 BF16X2>F  w2 BF16X2>F  w3 BF16X2>F ;
: PACK4 ( x0 .. x7 -- w0 w1 w2 w3 )
  { x0 x1 x2 x3 x4 x5 x6 x7 }
  x0 x1 F>BF16X2  x2 x3 F>BF16X2  x4 x5 F>BF16X2  x6 x7 F>BF16X2 ;
INCLUDE softmax-pipe.fs
