\ --timeout stops a CPU launch that never ends and names the loop each
\ thread is in (here a BEGIN ... AGAIN that counts forever). The GPU
\ would only stop waiting and leave the kernel running, so the case is
\ CPU only.
\! kernel spin
\! param OUT i64[4]
0 BEGIN
  DUP OUT !  1+
AGAIN
\ ONLY: cpu
\ E2E-ERROR: --param OUT=zeros --grid 2 --block 32 --timeout 0.2
\ EXPECT-STDERR: timed out after 0.2 s
\ EXPECT-STDERR: threads (0..31,0,0) of block (0,0,0) at 
\ EXPECT-STDERR: timeout.forth:7:3 in the loop at 'BEGIN'
\ ONLY: cpu
\ E2E-ERROR: --param OUT=zeros --timeout -1
\ EXPECT-STDERR: --timeout
