\ 2FATOMIC-ADD-F32 and 4FATOMIC-ADD-F32 (sm_90): 2 blocks of 64 threads
\ add into 8 f32s. Thread t of block b adds (t+1, 2(t+1), 3(t+1), 4(t+1))
\ to OUT[0..3] and (b+1, -(b+1)) to OUT[4..5]; OUT[6..7] stay 7 and 8.
\ Sums (Python: sum(t+1 for t in range(64)) = 2080, two blocks): OUT[0..3]
\ = 4160, 8320, 12480, 16640; OUT[4] = 64*1 + 64*2 = 192, OUT[5] = -192.
\ Every partial sum is an integer below 2^24, so any order gives these
\ exactly. MODE 1 adds a 4-vector at OUT + 8 (8-byte aligned, not 16):
\ the GPU faults, the CPU backend reports the misaligned access.
\! kernel main
\! const MODE 0
\! param OUT f32[8]
TID-X 1+ S>F { x }
BID-X 1+ S>F { y }
x  x 2.0 F*  x 3.0 F*  x 4.0 F*  OUT  MODE 1 = IF 8 + THEN  4FATOMIC-ADD-F32
y  y FNEG  OUT 16 +  2FATOMIC-ADD-F32
\ E2E: --arch sm_90 --grid 2 --block 64 --param OUT=0,0,0,0,0,0,7,8 --output-param OUT
\ EXPECT: 4160,8320,12480,16640,192,-192,7,8
\ E2E-ERROR: --arch sm_90 --grid 2 --block 64 --param OUT=0,0,0,0,0,0,7,8 -D MODE=1
\ EXPECT-STDERR: misaligned
