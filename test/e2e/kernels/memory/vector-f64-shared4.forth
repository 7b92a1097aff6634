\ 4SF! and 4SF@ in f64 mode: 32 bytes through shared memory. 4 threads:
\ thread t stores X's group t into S, BARRIER, then reads group t+1 mod 4
\ into W. X = 0.5 * i + 1. Expected: Python list slicing.
\ On the CPU the block's shared base is always 16 mod 32 (the executor
\ places it so), which the 32-byte accesses must cope with. (This case
\ used 40 MiB of dynamic shared memory to get that base from mmap; the CPU
\ now refuses what a GPU refuses, issue 12.16.)
\! kernel main
\! param X f64[16]
\! param W f64[16]
\! shared S f64[]
TID-X { t }
t 4 * FLOATS X + 4F@  t 4 * FLOATS S + 4SF!
BARRIER
t 1+ 4 MOD 4 * FLOATS S + 4SF@  t 4 * FLOATS W + 4F!
\ E2E: --param X=1,1.5,2,2.5,3,3.5,4,4.5,5,5.5,6,6.5,7,7.5,8,8.5 --param W=zeros --block 4 --shared-bytes 128 --output-param W
\ EXPECT: 3,3.5,4,4.5,5,5.5,6,6.5,7,7.5,8,8.5,1,1.5,2,2.5
