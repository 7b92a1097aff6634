\ FWARP-SUM needs all 32 lanes of the warp: in a block of 48 the second
\ warp has 16, and the GPU's shuffles read lanes that do not exist. With
\ --sanitize the CPU reports the shuffle (FWARP-SUM's FSHFL-XOR, at its
\ line in the prelude) and the missing lanes; a block of 64 is clean (each
\ warp sums 32 ones).
\! kernel warp_partial
\! float f32
\! param OUT f32[64]
1.0 FWARP-SUM  TID-X FLOATS OUT + F!
\ ONLY: cpu
\ E2E-ERROR: --sanitize --param OUT=zeros --block 48
\ EXPECT-STDERR: sanitizer: incomplete warp at
\ EXPECT-STDERR: 'FSHFL-XOR' in block (0,0,0), warp 1 (linear 32..63)
\ EXPECT-STDERR: lanes 16..31 do not exist
\ ONLY: cpu
\ E2E: --sanitize --param OUT=zeros --block 64 --output-param OUT --output-count 2
\ EXPECT-APPROX: 32.0,32.0
