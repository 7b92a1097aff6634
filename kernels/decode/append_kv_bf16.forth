\ Appends new K/V rows to a bf16 KV cache, paged or contiguous
\ (append-kv.fs).
\! kernel append_kv_bf16
\! float f32
\! const ESZ 2
\! param KC bf16[KVN]
\! param VC bf16[KVN]
\! param KN bf16[BATCH*HKV*NNEW*D]
\! param VN bf16[BATCH*HKV*NNEW*D]
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
