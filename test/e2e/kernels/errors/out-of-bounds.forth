\ On the CPU backend an access outside its array param's buffer or outside
\ the block's shared memory is a launch error naming the access, the param,
\ the source position, the byte offset and the thread (the access itself
\ goes to a scratch area, so nothing is overwritten). A GPU may or may not
\ fault on the same bug (a few bytes past a buffer are often still mapped),
\ so these cases run on the CPU only: run a kernel there to find such bugs.
\! kernel oob
\! float f32
\! const MODE 0
\! param X f32[8]
\! param N i64
\! shared T f32[4]
MODE 0 = IF 1.0 X N FLOATS + F! THEN
MODE 1 = IF X N FLOATS + 4F@ X 4F! THEN
MODE 2 = IF 2.0 T N FLOATS + SF! THEN
MODE 3 = IF 1.0 X N FLOATS + FATOMIC-ADD DROP THEN
\ ONLY: cpu
\ E2E-ERROR: --param X=zeros --param N=8
\ EXPECT-STDERR: kernel 'oob' (grid 1,1,1 block 1,1,1): out-of-bounds 4-byte store to param 'X',
\ EXPECT-STDERR: out-of-bounds.forth:13:30: byte offset 32 of 32 (thread (0,0,0) of block (0,0,0))
\ ONLY: cpu
\ E2E-ERROR: --param X=zeros --param N=-1
\ EXPECT-STDERR: byte offset -4 of 32
\ ONLY: cpu
\ E2E-ERROR: -D MODE=1 --param X=zeros --param N=8 --block 2
\ EXPECT-STDERR: out-of-bounds 16-byte vector load from param 'X'
\ ONLY: cpu
\ E2E-ERROR: -D MODE=2 --param X=zeros --param N=4
\ EXPECT-STDERR: out-of-bounds 4-byte store to shared memory
\ ONLY: cpu
\ E2E-ERROR: -D MODE=3 --param X=zeros --param N=9
\ EXPECT-STDERR: out-of-bounds 4-byte atomic on param 'X'
\ In bounds, every mode runs (the last element; the last 4 for MODE 1).
\ E2E: --param X=zeros --param N=7 --output-param X
\ EXPECT: 0,0,0,0,0,0,0,1
\ E2E: -D MODE=1 --param X=1,2,3,4,5,6,7,8 --param N=4 --output-param X
\ EXPECT: 5,6,7,8,5,6,7,8
\ E2E: -D MODE=3 --param X=zeros --param N=7 --output-param X
\ EXPECT: 0,0,0,0,0,0,0,1
