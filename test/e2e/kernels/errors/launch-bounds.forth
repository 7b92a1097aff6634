\ A launch with more threads per block than the kernel's launch-bounds is
\ refused before it runs, naming the kernel and both numbers, on both
\ devices (the GPU alone would say only "invalid argument"). Within the
\ bound, any block shape runs.
\! kernel bounded
\! launch-bounds 64 2
\! param A i64[64]
TID-Y BDIM-X * TID-X + DUP 3 * SWAP CELLS A + !
\ E2E-ERROR: --param A=zeros --block 65
\ EXPECT-STDERR: kernel 'bounded' (grid 1,1,1 block 65,1,1): 65 threads per block, but the kernel's launch-bounds allow at most 64
\ E2E-ERROR: --param A=zeros --block 16,8
\ EXPECT-STDERR: 128 threads per block, but the kernel's launch-bounds allow at most 64
\ E2E: --param A=zeros --block 16,4 --output-param A --output-count 4
\ EXPECT: 0,3,6,9
