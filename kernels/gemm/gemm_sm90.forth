\ C = A @ B in bf16 or f16 (-D T; f32 accumulation) on Hopper (the body is
\ gemm-sm90.fs): the tensor copy engine (TMA) fills a STAGES-deep ring of
\ shared-memory tiles, one producer warpgroup issues the copies, two
\ consumer warpgroups run wgmma on them (warp specialization;
\ FlashAttention-3 and CUTLASS's sm90 GEMMs are built the same way).
\   A: M x K row-major (K-major for wgmma), B: K x N row-major (N-major:
\   tnsp-b 1), C: M x N row-major. K a multiple of 8 and N a multiple of 8
\   (TMA rows are 16-byte multiples); any M, N, K otherwise: TMA fills the
\   tiles past the edges with zeros and the epilogue stores only what is in.
\ Block: 384 threads = warpgroups 0 and 1 (consumers, 64 rows of the
\ 128 x BN tile each) and 2 (producer: one thread issues the copies).
\ Grid: ceil(M / 128) * ceil(N / BN) blocks in x, taken in groups of
\ GROUP row tiles: the blocks of one wave then share A's and B's tiles in
\ L2 instead of streaming all of B once per row of tiles.
\! kernel gemm_{T}_sm90
\! type T bf16 f16
\! const BN 256                      \ tile columns: 64, 128, 192 or 256
\! const STAGES 4                    \ shared-memory ring depth
\ The input type for gemm-sm90.fs: 1 f16, 0 bf16.
\! const F16 is(T,f16)
\! const GROUP 8                     \ row tiles per group of blocks
\! param M i32
\! param N i32
\! param K i32
\! tmap A T[M,K] box 128,64 swizzle 128
\! tmap B T[K,N] box 64,64 swizzle 128
\! param C T[M*N]
\! launch-bounds 384 1
\! shared FULL i64[STAGES]           \ a stage's tiles have landed
\! shared EMPTY i64[STAGES]          \ both consumers are done with a stage
\! shared AS T[STAGES*128*64] align 1024   \ 16 KiB a stage
\! shared BS T[STAGES*64*BN] align 1024    \ BN/64 boxes of 8 KiB a stage
\! reg ACC f32[BN/2]                 \ m64nBNk16: D[64][BN] of a warpgroup
\! const ABYTES 16384
\! const BBYTES 128*BN

INCLUDE gemm-sm90.fs
