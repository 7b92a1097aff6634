\ The shared-memory layout of the backward kernels (flash-backward-mma.fs
\ has the design), INCLUDEd first by flash_backward.forth
\ so that the type's fragment words (flash-backward-2byte.fs,
\ flash-backward-4byte.fs) can use it.

INCLUDE flash-grid.fs

: region ( r -- addr )  BC STRIDE * ESZ * * SM + ;
: at ( row col -- bytes )  SWAP STRIDE * + ESZ * ;
: EPC ( -- n )  16 ESZ / ;   \ elements per 16-byte copy
\ Shared memory: C1 C2 of buffer 0, C1 C2 of buffer 1 (BC rows each), the
\ block's R1 and R2 rows (BR each), then for ROLE 1 each buffer's L2 and D
\ of its columns (BC floats each).
: r1-region ( -- addr )  4 region ;
: r2-region ( -- addr )  4 region BR STRIDE * ESZ * + ;
\ (VARLEN: BC + 4 floats each: a sequence's L2 and D need not start on
\ 16 bytes, and the copies take them from the aligned row below.)
: vec-floats ( -- n )  BC 4 VARLEN * + ;
: vec ( b which -- addr )
  SWAP 2* + vec-floats * 4 *  4 region 2 BR * STRIDE * ESZ * + + ;
\ With DQ_ATOMIC (ROLE 1): the tile's dS^T, [key][query], DSTRIDE apart.
: ds-region ( -- addr )  0 0 vec ROLE 4 * vec-floats * 4 * + ;

