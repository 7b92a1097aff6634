\ C = A @ B in f16 (f32 accumulation) on Hopper: gemm_bf16_sm90.forth (which
\ explains the design, the shapes and the launch) in f16; the body is
\ gemm-sm90.fs.
\! kernel gemm_f16_sm90
\! const BN 256                      \ tile columns: 64, 128, 192 or 256
\! const STAGES 4                    \ shared-memory ring depth
\! const F16 1                       \ the input type: f16
\! const GROUP 8                     \ row tiles per group of blocks
\! param M i32
\! param N i32
\! param K i32
\! tmap A f16[M,K] box 128,64 swizzle 128
\! tmap B f16[K,N] box 64,64 swizzle 128
\! param C f16[M*N]
\! launch-bounds 384 1
\! shared FULL i64[STAGES]           \ a stage's tiles have landed
\! shared EMPTY i64[STAGES]          \ both consumers are done with a stage
\! shared AS f16[STAGES*128*64] align 1024   \ 16 KiB a stage
\! shared BS f16[STAGES*64*BN] align 1024    \ BN/64 boxes of 8 KiB a stage
\! reg ACC f32[BN/2]                 \ m64nBNk16: D[64][BN] of a warpgroup
\! const ABYTES 16384
\! const BBYTES 128*BN

INCLUDE gemm-sm90.fs
