\ --check-bounds: on the GPU every access is checked against its param's
\ buffer (sizes passed in the kernel's check record) or shared memory, and
\ the first violation is reported after the kernel in the CPU backend's
\ words; the CPU always checks. So these cases run, and read the same, on
\ both devices. One thread, so "the first violation" is the same one.
\! kernel checked
\! float f32
\! const MODE 0
\! param X i64[4]
\! param Y i64[4]
\! param N i64
\! param K i64
\! shared T f32[8]
\ MODE 0: store 1 at X, X+8, ... N times (a loop-carried address).
MODE 0 = IF X N 0 DO 1 OVER ! 8 + LOOP DROP THEN
\ MODE 1: K PICK chooses Y (K=0) or X (K=1), then adds 8N: no one param.
MODE 1 = IF X Y K PICK N 8 * + 1 SWAP ! DROP DROP THEN
\ MODE 2: shared memory, T[N] = 2.0.
MODE 2 = IF 2.0 T N FLOATS + SF! THEN
\ MODE 3: an atomic and a vector load at X+8N.
MODE 3 = IF 5 X N 8 * + ATOMIC-ADD Y ! THEN
\ MODE 4: CP-ASYNC 16 bytes from X+8N to T, then a vector load from T.
MODE 4 = IF X N 8 * + T CP-ASYNC CP-ASYNC-COMMIT 0 CP-ASYNC-WAIT
  T 4SF@ F+ F+ F+ F>S Y ! THEN
\ E2E-ERROR: --check-bounds --param X=zeros --param Y=zeros --param N=8 --param K=0
\ EXPECT-STDERR: kernel 'checked' (grid 1,1,1 block 1,1,1): out-of-bounds 8-byte store to param 'X',
\ EXPECT-STDERR: /check-bounds.forth:15:29: byte offset 32 of 32 (thread (0,0,0) of block (0,0,0))
\ E2E-ERROR: --check-bounds --param X=zeros --param Y=zeros --param N=64 --param K=0 --grid 3
\ EXPECT-STDERR: out-of-bounds 8-byte store to param 'X',
\ EXPECT-STDERR: /check-bounds.forth:15:29: byte offset 32 of 32 (thread (0,0,0) of block (
\ E2E-ERROR: --check-bounds -D MODE=1 --param X=zeros --param Y=zeros --param N=1099511627776 --param K=1
\ EXPECT-STDERR: out-of-bounds 8-byte store to no param,
\ EXPECT-STDERR: /check-bounds.forth:17:39: address 0x
\ EXPECT-STDERR: is in no array param or shared memory (thread (0,0,0) of block (0,0,0))
\ E2E-ERROR: --check-bounds -D MODE=2 --param X=zeros --param Y=zeros --param N=8 --param K=0
\ EXPECT-STDERR: out-of-bounds 4-byte store to shared memory,
\ EXPECT-STDERR: /check-bounds.forth:19:30: byte offset 32 of 32 (thread (0,0,0) of block (0,0,0))
\ E2E-ERROR: --check-bounds -D MODE=3 --param X=zeros --param Y=zeros --param N=-1 --param K=0
\ EXPECT-STDERR: out-of-bounds 8-byte atomic on param 'X',
\ EXPECT-STDERR: /check-bounds.forth:21:25: byte offset -8 of 32 (thread (0,0,0) of block (0,0,0))
\ E2E-ERROR: --check-bounds -D MODE=4 --param X=zeros --param Y=zeros --param N=4 --param K=0
\ EXPECT-STDERR: out-of-bounds 16-byte CP-ASYNC from param 'X',
\ EXPECT-STDERR: /check-bounds.forth:23:25: byte offset 32 of 32 (thread (0,0,0) of block (0,0,0))
\ In bounds the checked kernel computes what the unchecked one does.
\ E2E: --check-bounds --param X=zeros --param Y=zeros --param N=4 --param K=0 --output-param X
\ EXPECT: 1,1,1,1
\ E2E: --check-bounds -D MODE=1 --param X=zeros --param Y=zeros --param N=3 --param K=0 --output-param Y
\ EXPECT: 0,0,0,1
\ E2E: --check-bounds -D MODE=3 --param X=1,2,3,4 --param Y=zeros --param N=3 --param K=0 --output-param X
\ EXPECT: 1,2,3,9
\ X holds the f32 bits 1.0 2.0 3.0 4.0 as two i64 cells: 4611686019492741120
\ = 0x40000000_3F800000, 4647714816524288000 = 0x40800000_40400000.
\ E2E: --check-bounds -D MODE=4 --param X=4611686019492741120,4647714816524288000,0,0 --param Y=zeros --param N=0 --param K=0 --output-param Y
\ EXPECT: 10,0,0,0
