\ Tree reduction in shared memory: each block of BLOCK threads sums and
\ maxes its BLOCK values of IN (an LCG-made .npy, -1000..1000), halving the
\ active threads with a BARRIER after every step. Expected: Python sum()
\ and max() of each block's slice of the same data.
\! kernel main
\! const BLOCK 256
\! param IN i64[512]
\! param SUMS i64[4]
\! param MAXS i64[4]
\! shared S i64[BLOCK]
\! shared M i64[BLOCK]
TID-X { t }
: S[] ( i -- addr ) CELLS S + ;
: M[] ( i -- addr ) CELLS M + ;
GLOBAL-ID CELLS IN + @ DUP t S[] S! t M[] S!
BARRIER
BLOCK 2/ BEGIN DUP 0> WHILE
  t OVER < IF
    t S[] S@ OVER t + S[] S@ + t S[] S!
    t M[] S@ OVER t + M[] S@ MAX t M[] S!
  THEN
  BARRIER
  2/
REPEAT DROP
t 0= IF
  0 S[] S@ BID-X CELLS SUMS + !
  0 M[] S@ BID-X CELLS MAXS + !
THEN
\ Two blocks of 256.
\ E2E: --param IN=@data/ints512.npy --param SUMS=zeros --param MAXS=zeros --grid 2 --block 256 --output-param SUMS --output-count 2
\ EXPECT: 1671,-9314
\ E2E: --param IN=@data/ints512.npy --param SUMS=zeros --param MAXS=zeros --grid 2 --block 256 --output-param MAXS --output-count 2
\ EXPECT: 974,1000
\ Four blocks of 128 (-D BLOCK=128 also sizes the shared arrays).
\ E2E: --param IN=@data/ints512.npy --param SUMS=zeros --param MAXS=zeros --grid 4 --block 128 -D BLOCK=128 --output-param SUMS
\ EXPECT: -1060,2731,115,-9429
\ E2E: --param IN=@data/ints512.npy --param SUMS=zeros --param MAXS=zeros --grid 4 --block 128 -D BLOCK=128 --output-param MAXS
\ EXPECT: 974,953,981,1000
\ One block of 512 over all the data: Python sum() -7643, max() 1000.
\ E2E: --param IN=@data/ints512.npy --param SUMS=zeros --param MAXS=zeros --grid 1 --block 512 -D BLOCK=512 --output-param SUMS --output-count 1
\ EXPECT: -7643
\ E2E: --param IN=@data/ints512.npy --param SUMS=zeros --param MAXS=zeros --grid 1 --block 512 -D BLOCK=512 --output-param MAXS --output-count 1
\ EXPECT: 1000
