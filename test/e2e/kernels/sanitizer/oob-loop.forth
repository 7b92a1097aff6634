\ An out-of-bounds store inside a loop that never ends: the CPU backend
\ stops the thread at the first fault and fails the launch then (it used
\ to report after the block finished, which here is never), with or
\ without --sanitize.
\! kernel forever
\! param OUT i64[4]
0 BEGIN  DUP DUP CELLS OUT + !  1+  0 UNTIL
\ ONLY: cpu
\ E2E-ERROR: --param OUT=zeros
\ EXPECT-STDERR: out-of-bounds 8-byte store to param 'OUT', 
\ EXPECT-STDERR: sanitizer/oob-loop.forth:7:30:
\ EXPECT-STDERR: byte offset 32 of 32
\ ONLY: cpu
\ E2E-ERROR: --sanitize --param OUT=zeros --block 32
\ EXPECT-STDERR: out-of-bounds 8-byte store to param 'OUT'
