\ A register array's computed index outside the array: every CPU run
\ reports it as a launch error naming the array, its word, the source
\ position, the index and the array's size (the read gives element 0 and
\ the write is dropped, so the thread goes on harmlessly). The GPU reports
\ the same under --check-bounds (on the CPU that changes nothing).
\! kernel regidx
\! const MODE 0
\! param X i64[4]
\! param N i64
\! reg R i64[4]
4 0 UNROLL DO  I 10 * I R!  LOOP
MODE 0 = IF N R@ X ! THEN
MODE 1 = IF 7 N R! 3 R@ X ! THEN
\ ONLY: cpu
\ E2E-ERROR: --param X=zeros --param N=4
\ EXPECT-STDERR: kernel 'regidx' (grid 1,1,1 block 1,1,1): out-of-bounds index into register array 'R' (R@),
\ EXPECT-STDERR: register-index.forth:12:15: index 4 of 4 elements (thread (0,0,0) of block (0,0,0))
\ ONLY: cpu
\ E2E-ERROR: --param X=zeros --param N=-1
\ EXPECT-STDERR: out-of-bounds index into register array 'R' (R@),
\ EXPECT-STDERR: index -1 of 4 elements
\ ONLY: cpu
\ E2E-ERROR: -D MODE=1 --param X=zeros --param N=9
\ EXPECT-STDERR: out-of-bounds index into register array 'R' (R!),
\ EXPECT-STDERR: register-index.forth:13:17: index 9 of 4 elements (thread (0,0,0) of block (0,0,0))
\ E2E-ERROR: --check-bounds -D MODE=1 --param X=zeros --param N=4 --grid 2
\ EXPECT-STDERR: out-of-bounds index into register array 'R' (R!),
\ EXPECT-STDERR: register-index.forth:13:17: index 4 of 4 elements (thread (0,0,0) of block (
\ In range nothing is reported and the elements are the ones written:
\ R = 0,10,20,30; MODE 1 writes 7 to R[N].
\ E2E: --param X=zeros --param N=3 --output-param X
\ EXPECT: 30,0,0,0
\ E2E: --check-bounds --param X=zeros --param N=2 --output-param X
\ EXPECT: 20,0,0,0
\ E2E: -D MODE=1 --param X=zeros --param N=3 --output-param X
\ EXPECT: 7,0,0,0
\ E2E: -D MODE=1 --param X=zeros --param N=0 --output-param X
\ EXPECT: 30,0,0,0
