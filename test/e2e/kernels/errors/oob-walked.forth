\ Out-of-bounds accesses whose address is not "param + offset" written out:
\ walked through a loop, merged after IF, chosen by a computed PICK. The
\ CPU backend checks them too (issue 12.1: they used to write past the
\ buffer and corrupt the heap silently). Where every path builds the
\ address from one param the report names it; where it may be either of
\ two params the access is checked against every buffer and shared memory.
\ A GPU may not fault on these bugs, so they run on the CPU only.
\! kernel walked
\! const MODE 0
\! param X i64[4]
\! param Y i64[4]
\! param N i64
\! param K i64
\ MODE 0: store 1 at X, X+8, ... N times.
MODE 0 = IF X N 0 DO 1 OVER ! 8 + LOOP DROP THEN
\ MODE 1: the address is X, or X+8N when N > 0.
MODE 1 = IF X N 0 > IF N 8 * + THEN 1 SWAP ! THEN
\ MODE 2: K PICK chooses X+8N (K=0) or X (K=1).
MODE 2 = IF X X N 8 * + K PICK 1 SWAP ! DROP DROP THEN
\ MODE 3: K PICK chooses Y (K=0) or X (K=1), then adds 8N.
MODE 3 = IF X Y K PICK N 8 * + 1 SWAP ! DROP DROP THEN
\ MODE 4: load X[0..N) in a loop, store the sum in Y[0].
MODE 4 = IF 0 X N 0 DO DUP @ ROT + SWAP 8 + LOOP DROP Y ! THEN
\ ONLY: cpu
\ E2E-ERROR: --param X=zeros --param Y=zeros --param N=8 --param K=0
\ EXPECT-STDERR: kernel 'walked' (grid 1,1,1 block 1,1,1): out-of-bounds 8-byte store to param 'X',
\ EXPECT-STDERR: oob-walked.forth:15:29: byte offset 32 of 32 (thread (0,0,0) of block (0,0,0))
\ ONLY: cpu
\ E2E-ERROR: --param X=zeros --param Y=zeros --param N=12 --param K=0
\ EXPECT-STDERR: out-of-bounds 8-byte store to param 'X',
\ EXPECT-STDERR: /oob-walked.forth:15:29: byte offset 32 of 32
\ ONLY: cpu
\ E2E-ERROR: --param X=zeros --param Y=zeros --param N=64 --param K=0 --block 4
\ EXPECT-STDERR: out-of-bounds 8-byte store to param 'X',
\ EXPECT-STDERR: /oob-walked.forth:15:29: byte offset 32 of 32 (thread (
\ ONLY: cpu
\ E2E-ERROR: -D MODE=1 --param X=zeros --param Y=zeros --param N=4 --param K=0
\ EXPECT-STDERR: out-of-bounds 8-byte store to param 'X',
\ EXPECT-STDERR: /oob-walked.forth:17:44: byte offset 32 of 32
\ ONLY: cpu
\ E2E-ERROR: -D MODE=2 --param X=zeros --param Y=zeros --param N=5 --param K=0
\ EXPECT-STDERR: out-of-bounds 8-byte store to param 'X',
\ EXPECT-STDERR: /oob-walked.forth:19:39: byte offset 40 of 32
\ ONLY: cpu
\ E2E-ERROR: -D MODE=3 --param X=zeros --param Y=zeros --param N=1099511627776 --param K=1
\ EXPECT-STDERR: out-of-bounds 8-byte store to no param,
\ EXPECT-STDERR: /oob-walked.forth:21:39: address 0x
\ EXPECT-STDERR: is in no array param or shared memory (thread (0,0,0) of block (0,0,0))
\ ONLY: cpu
\ E2E-ERROR: -D MODE=3 --param X=zeros --param Y=zeros --param N=-1099511627776 --param K=0
\ EXPECT-STDERR: out-of-bounds 8-byte store to no param,
\ EXPECT-STDERR: /oob-walked.forth:21:39:
\ ONLY: cpu
\ E2E-ERROR: -D MODE=4 --param X=1,2,3,4 --param Y=zeros --param N=5 --param K=0
\ EXPECT-STDERR: out-of-bounds 8-byte load from param 'X',
\ EXPECT-STDERR: /oob-walked.forth:23:28: byte offset 32 of 32
\ In bounds, each mode runs.
\ E2E: --param X=zeros --param Y=zeros --param N=4 --param K=0 --output-param X
\ EXPECT: 1,1,1,1
\ E2E: -D MODE=1 --param X=zeros --param Y=zeros --param N=3 --param K=0 --output-param X
\ EXPECT: 0,0,0,1
\ E2E: -D MODE=2 --param X=zeros --param Y=zeros --param N=2 --param K=0 --output-param X
\ EXPECT: 0,0,1,0
\ E2E: -D MODE=2 --param X=zeros --param Y=zeros --param N=9 --param K=1 --output-param X
\ EXPECT: 1,0,0,0
\ E2E: -D MODE=3 --param X=zeros --param Y=zeros --param N=3 --param K=0 --output-param Y
\ EXPECT: 0,0,0,1
\ E2E: -D MODE=3 --param X=zeros --param Y=zeros --param N=1 --param K=1 --output-param X
\ EXPECT: 0,1,0,0
\ E2E: -D MODE=4 --param X=1,2,3,4 --param Y=zeros --param N=4 --param K=0 --output-param Y
\ EXPECT: 10,0,0,0
