\ The decode kernel's synchronisation in miniature (decode-mma.fs): warp w
\ runs w + 1 steps, each copying 16 bytes a lane from X into the warp's own
\ 512-byte slot of S (CP-ASYNC), waiting for its copies (CP-ASYNC-WAIT),
\ syncing the warp on its own named barrier (1 + w, 32 threads) and
\ reading the cell lane 31 - l copied; then a BARRIER, and each thread
\ overwrites a cell of another warp's slot that a lane there read (the decode kernel's end state
\ written over the rings), a BARRIER, and reads it back. Race free: the
\ warp's barrier orders its lanes' copies before their reads, a step's
\ copies come after the barrier of the step before (which follows every
\ lane's reads), and the BARRIERs order everything across warps. Kept as
\ the minimal case of compute-sanitizer racecheck's reports on
\ decode_attention_mma (docs/sanitizer.md's notes on racecheck).
\ Expected (block 64, X[i] = i): OUT[t] = sum over the warp's steps s of
\ X[4 (31 - l)] + 1000 s  plus  7 t (the cell written by thread t): warp 0
\ (one step): 4 (31 - l); warp 1 (two steps): 2 * 4 (31 - l) + 1000;
\ then + 7 t: 124 + 3 l for warp 0,
\ 1472 - l for warp 1.
\! kernel named_barrier_cp_async
\! float f32
\! param X f32[2048]
\! param OUT f32[64]
\! shared S f32[256]
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
BARRIER
252 TID-X 4 * - 255 AND { c }         \ a cell the other warp read
TID-X 7 * S>F  c FLOATS S + SF!
BARRIER
c FLOATS S + SF@ acc F+  TID-X FLOATS OUT + F!
\ E2E: --arch sm_90 --block 64 --param X=iota --param OUT=zeros --output-param OUT
\ EXPECT: 124,127,130,133,136,139,142,145,148,151,154,157,160,163,166,169,172,175,178,181,184,187,190,193,196,199,202,205,208,211,214,217,1472,1471,1470,1469,1468,1467,1466,1465,1464,1463,1462,1461,1460,1459,1458,1457,1456,1455,1454,1453,1452,1451,1450,1449,1448,1447,1446,1445,1444,1443,1442,1441
