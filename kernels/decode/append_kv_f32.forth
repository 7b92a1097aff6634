\ Appends new K/V rows to a f32 KV cache, paged or contiguous
\ (append-kv.fs).
\! kernel append_kv_f32
\! float f32
\! const ESZ 4
\! param KC f32[KVN]
\! param VC f32[KVN]
\! param KN f32[BATCH*HKV*NNEW*D]
\! param VN f32[BATCH*HKV*NNEW*D]
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
