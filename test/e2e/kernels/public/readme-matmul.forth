\ The public WarpForth README's integer matmul, C = A(2x4) * B(4x3), one
\ thread per element of C (row = GLOBAL-ID / 3, col = GLOBAL-ID MOD 3).
\ Expected 12,6,9,28,14,29 (the README; checked with a Python triple loop).
\! kernel main
\! param A i64[8]
\! param B i64[12]
\! param C i64[6]
GLOBAL-ID
DUP 3 /
SWAP 3 MOD
0
4 0 DO
  2 PICK
  I SWAP 4 * +
  CELLS A + @
  I 3 * 3 PICK + CELLS B + @
  * +
LOOP
2 PICK 3 * 2 PICK +
CELLS C + !
\ The command line from docs/runtime.md: six blocks of one thread.
\ E2E: --param 'i64[]:1,2,3,4,5,6,7,8' --param 'i64[]:1,0,2,0,1,2,1,0,1,2,1,0' --param 'i64[]:0,0,0,0,0,0'
\ E2E+: --grid 6,1,1 --block 1,1,1 --output-param 2 --output-count 6
\ EXPECT: 12,6,9,28,14,29
\ The public test's launch: one block of six threads, C given by size.
\ E2E: --param A=1,2,3,4,5,6,7,8 --param B=1,0,2,0,1,2,1,0,1,2,1,0 --param 'C=i64[6]' --block 6 --output-param C
\ EXPECT: 12,6,9,28,14,29
\ --print shows the array readably.
\ E2E: --param A=1,2,3,4,5,6,7,8 --param B=1,0,2,0,1,2,1,0,1,2,1,0 --param C=zeros --grid 6 --print C
\ EXPECT: C (i64[6]) = [12, 6, 9, 28, 14, 29]
