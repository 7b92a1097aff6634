\ Softmax backward over the last dimension of rows of T (f32, bf16 or f16;
\ -D T=), math in f32 (softmax-backward-rows.fs): DX = Y * (DY - sum(DY * Y)).
\ -D GROUP, VW and VPT as for softmax.forth.
\! kernel softmax_backward_{T}
\! type T f32 bf16 f16
\! float f32
\! const VPT 0
\! const GROUP 32
\! const VW 1
\! const ESZ sizeof(T)
\! param Y T[ROWS*COLS]
\! param DY T[ROWS*COLS]
\! param DX T[ROWS*COLS]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg YS f32[VPT*VW+VW]
\! reg DS f32[VPT*VW+VW]
: LD {T}@ ;
: ST {T}! ;
\ Four elements a vector: f32 in one 16-byte access, bf16 in one 8-byte
\ access converted on the bits (../lib/bf16.fs), f16 one element at a time.
INCLUDE ../lib/bf16.fs
: LD4-f32 4F@ ;
: ST4-f32 4F! ;
: LD4-bf16 BF16-LD4 ;
: ST4-bf16 BF16-ST4 ;
: LD4-f16 ( addr -- x0 x1 x2 x3 )
  { a } a F16@  a 2 + F16@  a 4 + F16@  a 6 + F16@ ;
: ST4-f16 ( x0 x1 x2 x3 addr -- )
  { x0 x1 x2 x3 a } x0 a F16!  x1 a 2 + F16!  x2 a 4 + F16!  x3 a 6 + F16! ;
: LD4 LD4-{T} ;
: ST4 ST4-{T} ;
INCLUDE softmax-backward-rows.fs
