\ A vector access (4F@ here) or CP-ASYNC at an address that is not a
\ multiple of its size is a launch error on both devices: the GPU faults
\ ("misaligned address"), and the CPU backend, which could do the access,
\ reports it the same way, with the access, its source position and the
\ thread (it used to crash on an aligned SSE move). Aligned, it runs.
\! kernel misaligned
\! float f32
\! const MODE 0
\! param X f32[16]
\! param OFFSET i64
\! shared T f32[16]
MODE 0 = IF X OFFSET FLOATS + 4F@ X 8 FLOATS + 4F! THEN
MODE 1 = IF X OFFSET FLOATS + T CP-ASYNC CP-ASYNC-COMMIT 0 CP-ASYNC-WAIT THEN
\ E2E-ERROR: --param X=zeros --param OFFSET=1
\ EXPECT-STDERR: kernel 'misaligned'
\ EXPECT-STDERR: misaligned address
\ E2E: --param X=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 --param OFFSET=4 --output-param X --output-count 12
\ EXPECT: 1,2,3,4,5,6,7,8,5,6,7,8
\ E2E-ERROR: -D MODE=1 --param X=zeros --param OFFSET=2
\ EXPECT-STDERR: kernel 'misaligned'
\ EXPECT-STDERR: misaligned address
\ ONLY: cpu
\ E2E-ERROR: --param X=zeros --param OFFSET=3
\ EXPECT-STDERR: misaligned.forth:12:31 (thread (0,0,0) of block (0,0,0))
\ EXPECT-STDERR: 16-byte vector load from global memory,
