\ Vector memory in f32 mode: 4F@ 4F! 2F@ 2F! (global) and 4SF@ 4SF! 2SF@
\ 2SF! (shared) move 4 or 2 consecutive floats of the float mode's width.
\ 4 threads: Y gets each group of 4 of X reversed, Z each pair of X's
\ first 8 swapped, W thread t's group comes from thread t+1 mod 4 through
\ shared memory (4SF! then 4SF@), V pairs the same way (2SF! / 2SF@).
\ X = 0.5 * i + 1 (i = 0..15). Expected: Python list slicing.
\! kernel main
\! float f32
\! param X f32[16]
\! param Y f32[16]
\! param Z f32[8]
\! param W f32[16]
\! param V f32[8]
\! shared S f32[16]
\! shared P f32[8]
TID-X { t }
t 4 * FLOATS X + 4F@  SWAP 2SWAP SWAP  t 4 * FLOATS Y + 4F!
t 2 * FLOATS X + 2F@  SWAP  t 2 * FLOATS Z + 2F!
t 4 * FLOATS X + 4F@  t 4 * FLOATS S + 4SF!
t 2 * FLOATS X + 2F@  t 2 * FLOATS P + 2SF!
BARRIER
t 1+ 4 MOD 4 * FLOATS S + 4SF@  t 4 * FLOATS W + 4F!
t 1+ 4 MOD 2 * FLOATS P + 2SF@  t 2 * FLOATS V + 2F!
\ E2E: --param X=1,1.5,2,2.5,3,3.5,4,4.5,5,5.5,6,6.5,7,7.5,8,8.5 --param Y=zeros --param Z=zeros --param W=zeros --param V=zeros --block 4 --output-param Y
\ EXPECT: 2.5,2,1.5,1,4.5,4,3.5,3,6.5,6,5.5,5,8.5,8,7.5,7
\ E2E: --param X=1,1.5,2,2.5,3,3.5,4,4.5,5,5.5,6,6.5,7,7.5,8,8.5 --param Y=zeros --param Z=zeros --param W=zeros --param V=zeros --block 4 --output-param Z
\ EXPECT: 1.5,1,2.5,2,3.5,3,4.5,4
\ E2E: --param X=1,1.5,2,2.5,3,3.5,4,4.5,5,5.5,6,6.5,7,7.5,8,8.5 --param Y=zeros --param Z=zeros --param W=zeros --param V=zeros --block 4 --output-param W
\ EXPECT: 3,3.5,4,4.5,5,5.5,6,6.5,7,7.5,8,8.5,1,1.5,2,2.5
\ E2E: --param X=1,1.5,2,2.5,3,3.5,4,4.5,5,5.5,6,6.5,7,7.5,8,8.5 --param Y=zeros --param Z=zeros --param W=zeros --param V=zeros --block 4 --output-param V
\ EXPECT: 2,2.5,3,3.5,4,4.5,1,1.5
