\ CP-ASYNC's copy completes at the thread's CP-ASYNC-WAIT: reading the
\ destination before it races with the copy on a GPU (the CPU copies at
\ once, so the value looks right). --sanitize reports the read; -D
\ FIXED=1 waits first: clean.
\! kernel early
\! float f32
\! const FIXED 0
\! param X f32[128]
\! param Y f32[128]
\! shared T f32[128]
TID-X 4 * { e }
X e FLOATS + T e FLOATS + CP-ASYNC
CP-ASYNC-COMMIT
FIXED IF 0 CP-ASYNC-WAIT THEN
T e FLOATS + SF@  Y e FLOATS + F!
0 CP-ASYNC-WAIT
\ ONLY: cpu
\ E2E-ERROR: --sanitize --param X=iota --param Y=zeros --block 32
\ EXPECT-STDERR: sanitizer: race (read after write of a CP-ASYNC destination before its CP-ASYNC-WAIT)
\ EXPECT-STDERR: copied to them at 
\ EXPECT-STDERR: sanitizer/cp-async-early.forth:12:27 'CP-ASYNC'
\ EXPECT-STDERR: sanitizer/cp-async-early.forth:15:14 'SF@'
\ ONLY: cpu
\ E2E: --sanitize -D FIXED=1 --param X=iota --param Y=zeros --block 32 --output-param Y --output-count 5
\ EXPECT-APPROX: 0.0,0.0,0.0,0.0,4.0
