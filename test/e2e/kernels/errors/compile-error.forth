\ A kernel that does not compile: warpforth-run prints the compiler's
\ diagnostics (file:line:col: error:) and exits non-zero, also on the GPU.
\! kernel main
\! param A i64[4]
5 DUPP A !
1 IF 2 A !
\ E2E-ERROR: --param A=zeros
\ EXPECT-STDERR: compile-error.forth:5:3: error: unknown word 'DUPP'; did you mean 'DUP'?
\ EXPECT-STDERR: IF is never closed
