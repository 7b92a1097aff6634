\ warpforth-run's argument errors: each exits non-zero with one clear
\ message on stderr (docs/runtime.md, "Errors").
\! kernel main
\! param A i64[4]
\! param N i64
\! param C f64[N]
A @ N + A 8 + !
\ A working run first: A[1] = A[0] + N; C has N elements.
\ E2E: --param 'i64[]:1,2' --param i64:3 --param 'f64[3]' --output-param 0
\ EXPECT: 1,4,0,0
\ Too few params.
\ E2E-ERROR: --param 'i64[]:1,2'
\ EXPECT-STDERR: param 'N' has no value (the kernel takes 3 params: A, N, C; pass --param N=...)
\ Too many params.
\ E2E-ERROR: --param 'i64[]:1,2' --param i64:3 --param 'f64[3]' --param i64:4
\ EXPECT-STDERR: kernel 'main' takes 3 params (A, N, C); got more --param values
\ A bad value in the public syntax.
\ E2E-ERROR: --param 'i64[]:1,x' --param N=1 --param C=zeros
\ EXPECT-STDERR: bad --param 'i64[]:1,x': 'x' is not a number
\ An unknown fill.
\ E2E-ERROR: --param A=1 --param N=1 --param C=bogus
\ EXPECT-STDERR: bad --param 'C=bogus'
\ An unknown name.
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --param Z=1
\ EXPECT-STDERR: kernel 'main' has no param 'Z' (params: A, N, C)
\ The same param twice.
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --param N=3
\ EXPECT-STDERR: param 'N': given twice
\ A stated type that disagrees with the signature.
\ E2E-ERROR: --param 'f64[]:1.5' --param N=2 --param C=zeros
\ EXPECT-STDERR: param 'A': argument is f64, signature says i64
\ A float value for an integer array, and for an integer scalar.
\ E2E-ERROR: --param A=1.5 --param N=2 --param C=zeros
\ EXPECT-STDERR: param 'A': is an array of i64; '1.5' is not an integer
\ E2E-ERROR: --param A=1 --param N=2.5 --param C=zeros
\ EXPECT-STDERR: param 'N'
\ A size expression that comes out negative.
\ E2E-ERROR: --param A=1 --param N=-1 --param C=zeros
\ EXPECT-STDERR: param 'C': size N = -1 is negative
\ Output requests that cannot be met.
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --output-param A --output-count 9
\ EXPECT-STDERR: --output-count 9: param 'A' holds 4 values
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --output-param Q
\ EXPECT-STDERR: --output-param Q: kernel 'main' has no param 'Q'
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --output-param N
\ EXPECT-STDERR: param 'N' is a scalar; only arrays can be read back
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --output-param 7
\ EXPECT-STDERR: --output-param 7: kernel 'main' has 3 params
\ A missing .npy file.
\ E2E-ERROR: --param A=@nothere.npy --param N=3 --param C=zeros
\ EXPECT-STDERR: cannot open 'nothere.npy'
\ Launch shapes.
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --grid 0
\ EXPECT-STDERR: --grid '0': expected X, X,Y or X,Y,Z with each at least 1
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --block 1,x
\ EXPECT-STDERR: --block '1,x'
\ A block of 2000 threads: both backends run the same check of the GPU's
\ limits (issue 12.16), naming the kernel and the launch shape.
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --block 2000
\ EXPECT-STDERR: kernel 'main' (grid 1,1,1 block 2000,1,1): a block of 2000 threads is more than the 1024 a GPU allows
\ A grid the GPU refuses (y at most 65535), and shared memory past sm_80's
\ 163 KiB.
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --grid 1,65536
\ EXPECT-STDERR: grid y of 65536 is more than the 65535 a GPU allows
\ (A GPU names its own architecture and limit, hence cpu only.)
\ ONLY: cpu
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --shared-bytes 307200 --arch sm_80
\ EXPECT-STDERR: 307200 of dynamic shared memory per block are more than the 166912 a GPU allows (sm_80)
\ --shared-bytes takes a count that fits in 64 bits; -1 and 2^64 used to
\ wrap to 2^64-1 (issue 12.11).
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --shared-bytes -1
\ EXPECT-STDERR: warpforth-run: error: --shared-bytes '-1': expected a byte count from 0 to 2^64-1
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --shared-bytes 18446744073709551616
\ EXPECT-STDERR: --shared-bytes '18446744073709551616': expected a byte count from 0 to 2^64-1
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --shared-bytes 4k
\ EXPECT-STDERR: --shared-bytes '4k': expected a byte count
\ E2E: --param 'i64[]:1,2' --param i64:3 --param 'f64[3]' --shared-bytes 0x10 --output-param 0
\ EXPECT: 1,4,0,0
\ Other options.
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --kernel other
\ EXPECT-STDERR: --kernel 'other'
\ E2E-ERROR: --param A=1 --param N=2 --param C=zeros --float f16
\ EXPECT-STDERR: --float 'f16': expected f32 or f64
