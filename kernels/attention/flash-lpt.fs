\ The block order of the attention kernels with -D LPT (ops/_attention.py
\ lpt_kernel picks it and HG): LPT 1, grid (HG, tiles, groups of HG (batch,
\ head) pairs), so that within a group the heaviest tiles of every head
\ start first and the groups run one after another, their shared tensors
\ staying in L2; LPT 0, grid (tiles, heads, BATCH). INCLUDEd by kernels
\ that declare the constant LPT and the param HG. (The Hopper forward's
\ blocks step through items in this order instead: item-of in
\ flash-attention-sm90.fs, hopper_grid in ops/_attention.py.)

\ This block's tile (of query rows or keys).
: lpt-tile ( -- i )  LPT IF BID-Y ELSE BID-X THEN ;
\ This block's (batch, head) pair, batch * heads + head; with LPT the last
\ group's blocks may be past the last pair (the kernel leaves).
: lpt-pair ( heads -- pair )
  LPT IF DROP BID-Z HG * BID-X + ELSE BID-Z * BID-Y + THEN ;
\ n / d for 0 <= n < 2^31 by a divisor the host encoded (fast-divisor in
\ ops/_attention.py: m | s << 32 with m = ceil(2^s / d), s = 31 +
\ ceil(log2 d)): one multiply and a shift, where a division by a runtime
\ value is a called 64-bit routine or a reciprocal kept in registers (the
\ persistent kernels divide item indices in their loops).
: fdiv ( n md -- n/d )  DUP 4294967295 AND ROT * SWAP 32 RSHIFT 63 AND RSHIFT ;
