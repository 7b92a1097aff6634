\ The public WarpForth tiled i64 matmul: C = A(4x4) * B(4x4) with 2x2
\ tiles in shared memory and BARRIER; grid 2,2 of blocks 2,2. Expected:
\ the public test's values, checked with a Python triple loop.
\! kernel main
\! param A i64[16]
\! param B i64[16]
\! param C i64[16]
\! shared SA i64[4]
\! shared SB i64[4]
BID-Y 2 * TID-Y +
BID-X 2 * TID-X +
0
2 0 DO
  2 PICK 4 * I 2 * + TID-X + CELLS A + @
  TID-Y 2 * TID-X + CELLS SA + S!
  I 2 * TID-Y + 4 * 2 PICK + CELLS B + @
  TID-Y 2 * TID-X + CELLS SB + S!
  BARRIER
  2 0 DO
    TID-Y 2 * I + CELLS SA + S@
    I 2 * TID-X + CELLS SB + S@
    * +
  LOOP
  BARRIER
LOOP
ROT 4 * ROT + CELLS C + !
\ E2E: --param A=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 --param B=17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32
\ E2E+: --param C=zeros --grid 2,2,1 --block 2,2,1 --output-param 2 --output-count 16
\ EXPECT: 250,260,270,280,618,644,670,696,986,1028,1070,1112,1354,1412,1470,1528
