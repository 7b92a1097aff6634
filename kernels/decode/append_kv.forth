\ Appends new K/V rows to a KV cache of T (bf16, f16 or f32), paged or
\ contiguous (append-kv.fs).
\! kernel append_kv_{T}
\! type T bf16 f16 f32
\! float f32
\! const ESZ sizeof(T)
\! param KC T[KVN]
\! param VC T[KVN]
\! param KN T[BATCH*HKV*NNEW*D]
\! param VN T[BATCH*HKV*NNEW*D]
\! param SEQLENS i32[BATCH]
\! param BT i32[BTN]
\! param BATCH i64
\! param HKV i64
\! param NNEW i64
\! param D i64
\! param PAGED i64
\! param NCAP i64
\! param MAXBLK i64
\! param NBLK i64
\! param PSHIFT i64
\! param KVN i64
\! param BTN i64
INCLUDE append-kv.fs
