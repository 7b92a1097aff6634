\ Appends new K and V rows to a KV cache (warpforth.ops.append_kv),
\ INCLUDEd by append_kv.forth (a kernel a dtype, -D T), which declares ESZ
\ and the params.
\ KN and VN are (BATCH, HKV, NNEW, D); row j of sequence b goes to
\ position SEQLENS[b] - NNEW + j of the cache, contiguous (BATCH, HKV,
\ NCAP, D) or with PAGED (a runtime flag here) paged, (NBLK, 2^PSHIFT,
\ HKV, D) with the block table BT (BATCH, MAXBLK). A position outside the
\ cache (bad SEQLENS, unchecked on the host for CUDA tensors) is skipped;
\ block table entries are clamped to [0, NBLK - 1].
\ Grid ceil(BATCH * HKV * NNEW * D * ESZ / 16 / block): a thread per 16
\ bytes of a row (D * ESZ a multiple of 16: the host checks), copied as
\ they are (4F@ and 4F! move bits).

D ESZ * 16 / { cpr }                       \ 16-byte chunks a row
GLOBAL-ID cpr /MOD { ch row }
row BATCH HKV * NNEW * < IF
  row NNEW /MOD { tok bh }
  bh HKV /MOD { kvh bat }
  PAGED IF MAXBLK PSHIFT LSHIFT ELSE NCAP THEN { cap }
  bat 4 * SEQLENS + I32@ NNEW - tok + { pos }
  pos 0 >= pos cap < AND IF
    PAGED IF
      pos PSHIFT RSHIFT  bat MAXBLK * + 4 * BT + I32@  0 MAX NBLK 1- MIN
      PSHIFT LSHIFT  pos 1 PSHIFT LSHIFT 1- AND +  HKV * kvh +
    ELSE
      bat HKV * kvh + NCAP * pos +
    THEN D * ESZ * ch 16 * + { dst }
    row D * ESZ * ch 16 * + { src }
    KN src + 4F@  KC dst + 4F!
    VN src + 4F@  VC dst + 4F!
  THEN
THEN
