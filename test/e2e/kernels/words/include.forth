\ INCLUDE: a file next to the kernel, and one found through -I (relative
\ to the working folder, which the runner sets to the kernel's folder).
\ POLY(x) = x^2 + 3x + 1, TRIPLE(x) = 3x.
\! kernel main
\! param X i64[4]
INCLUDE lib/poly.fs
INCLUDE triple.fs
GLOBAL-ID CELLS X + DUP @ POLY TRIPLE SWAP !
\ x: 0 1 -2 10 -> poly 1 5 -1 131 -> *3
\ E2E: -I lib/more --param X=0,1,-2,10 --block 4 --output-param X
\ EXPECT: 3,15,-3,393
\ Without the -I the second file is not found.
\ E2E-ERROR: --param X=0,1,-2,10 --block 4 --output-param X
\ EXPECT-STDERR: triple.fs
