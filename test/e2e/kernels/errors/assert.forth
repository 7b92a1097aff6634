\ ASSERT ( flag -- ): compiled in by --check-bounds or a nonzero DEBUG
\ constant (-D DEBUG, or \! const DEBUG 1); a zero flag fails the launch
\ with the thread and the source position, the same on both devices (the
\ thread goes on, so the stores still happen). Otherwise it does nothing.
\! kernel asserts
\! param X i64[8]
TID-X 3 <> ASSERT
TID-X DUP 8 * X + !
\ Off: the failing ASSERT is not there.
\ E2E: --param X=zeros --block 8 --output-param X
\ EXPECT: 0,1,2,3,4,5,6,7
\ E2E: -D DEBUG=0 --param X=zeros --block 8 --output-param X
\ EXPECT: 0,1,2,3,4,5,6,7
\ E2E-ERROR: -D DEBUG --param X=zeros --block 8
\ EXPECT-STDERR: kernel 'asserts' (grid 1,1,1 block 8,1,1): assertion failed at
\ EXPECT-STDERR: /assert.forth:7:12 (thread (3,0,0) of block (0,0,0))
\ E2E-ERROR: --check-bounds --param X=zeros --block 8 --grid 1,2
\ EXPECT-STDERR: assertion failed at
\ EXPECT-STDERR: /assert.forth:7:12 (thread (3,0,0) of block (0,
\ Every thread passes.
\ E2E: -D DEBUG --param X=zeros --block 3 --output-param X
\ EXPECT: 0,1,2,0,0,0,0,0
