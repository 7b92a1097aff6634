\ The decode kernel's synchronisation in miniature (decode-mma.fs): warp w
\ runs w + BASE steps, each copying 16 bytes a lane from X into the warp's
\ own 512-byte slot of S (CP-ASYNC), waiting for its copies
\ (CP-ASYNC-WAIT), syncing the warp on its own named barrier (1 + w, 32
\ threads) and reading the cell lane 31 - l copied; then a BARRIER, each
\ thread t overwrites a cell of the other warp's slot that a lane there
\ read (the decode kernel's end state written over its rings), a BARRIER,
\ and each reads the cell thread t + 32 (mod 64) wrote. Race free: the
\ warp's barrier orders its lanes' copies before their reads, a step's
\ copies come after the barrier of the step before (which follows every
\ lane's reads), and the BARRIERs order everything across warps. Kept as
\ the minimal case of compute-sanitizer racecheck's reports on
\ decode_attention_mma (issue 35's note).
\ Expected (block 64, X[i] = i, BASE 1): acc = sum over the warp's steps s
\ of X[1000 s + 4 (31 - l)]: warp 0 (one step) 124 - 4 l, warp 1 (two
\ steps) 1248 - 8 l; plus 7 t' for t' = t + 32 mod 64: 348 + 3 l for
\ warp 0, 1248 - l for warp 1.
\! kernel named_barrier_cp_async
\! float f32
\! param X f32[2048]
\! param OUT f32[64]
\! shared S f32[256]
\! const ODD 0                   \ 1: warp 0 syncs once more on its own barrier
\! const BASE 1                  \ steps of warp 0 (warp w: w + BASE)
LANE-ID { l }
WARP-ID 128 * { slot }                 \ floats: the warp's 512 bytes
0.0 { acc }
WARP-ID BASE + 0 ?DO
  X I 1000 * l 4 * + FLOATS +  slot l 4 * + FLOATS S +  CP-ASYNC
  CP-ASYNC-COMMIT  0 CP-ASYNC-WAIT
  WARP-ID 1+ 32 BAR-SYNC-N
  slot 31 l - 4 * + FLOATS S + SF@  acc F+ TO acc
  WARP-ID 1+ 32 BAR-SYNC-N
LOOP
ODD WARP-ID 0= AND IF  1 32 BAR-SYNC-N  THEN
BARRIER
252 TID-X 4 * - 255 AND { c }         \ a cell the other warp read
TID-X 7 * S>F  c FLOATS S + SF!
BARRIER
\ The cell thread t + 32 (mod 64) wrote: read after write across warps.
252 TID-X 32 + 63 AND 4 * - 255 AND FLOATS S + SF@ acc F+
TID-X FLOATS OUT + F!
\ E2E: --arch sm_90 --block 64 --param X=iota --param OUT=zeros --output-param OUT
\ EXPECT: 348,351,354,357,360,363,366,369,372,375,378,381,384,387,390,393,396,399,402,405,408,411,414,417,420,423,426,429,432,435,438,441,1248,1247,1246,1245,1244,1243,1242,1241,1240,1239,1238,1237,1236,1235,1234,1233,1232,1231,1230,1229,1228,1227,1226,1225,1224,1223,1222,1221,1220,1219,1218,1217
