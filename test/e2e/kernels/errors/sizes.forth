\ Sizes too large for memory (issue 12.2): the byte count is computed in
\ checked arithmetic and the error names the param and the bytes, instead
\ of a wrapped size and a crash.
\! kernel main
\! param N i64
\! param C f64[N]
\! param D f64
C F@ D F+ C F!
\ A working run first.
\ E2E: --param N=2 --param C=zeros --param D=1.5 --output-param C
\ EXPECT: 1.5,0
\ N = 2^61 elements of f64: 2^64 bytes, which wraps to 0 in size_t.
\ E2E-ERROR: --param N=2305843009213693952 --param C=zeros --param D=1
\ EXPECT-STDERR: param 'C': 2305843009213693952 f64 values need more than 2^64 bytes
\ A fill with a huge count.
\ E2E-ERROR: --param N=1 --param C=iota(2305843009213693952) --param D=1
\ EXPECT-STDERR: param 'C': 2305843009213693952 f64 values need more than 2^64 bytes
\ A stated count of 2^63-1.
\ E2E-ERROR: --param N=1 --param 'C=f64[9223372036854775807]' --param D=1
\ EXPECT-STDERR: param 'C': 9223372036854775807 f64 values need more than 2^64 bytes
\ No overflow, but more than any machine's memory (2^50 bytes).
\ E2E-ERROR: --param N=140737488355328 --param C=zeros --param D=1
\ EXPECT-STDERR: param 'C': 140737488355328 f64 values need 1125899906842624 bytes, more than this machine's
