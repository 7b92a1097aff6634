\ Named barriers for two groups of warps (BAR-SYNC-N, BAR-ARRIVE-N): warps
\ 0-1 and warps 2-3 of a 128-thread block each fill their own 64 cells and
\ sync on their own barrier (1 and 2, 64 threads each), then read their
\ neighbour's cell; neither group waits for the other. Then warp 0 writes
\ a value and arrives on barrier 3 (64 threads) without waiting, and warp 3
\ syncs on it before reading the value: a producer/consumer handoff.
\ Expected: OUT[t] = 100 + (t + 1) mod 64 + 64 (t / 64) for the first
\ 128, then OUT[128 + l] = 7000 + l for the 32 lanes l of warp 3, and 0
\ for the other 96 cells. BUG=1 gives barrier 2 a count of 96: its 64
\ threads wait forever, which the CPU backend reports (CPU only).
\! kernel named_barriers
\! const BUG 0
\! param OUT i64[256]
\! shared S i64[128]
\! shared H i64[32]
TID-X 64 / { g }            \ the group: 0 or 1
TID-X 100 + TID-X CELLS S + S!
g 1+  g BUG AND IF 96 ELSE 64 THEN  BAR-SYNC-N
TID-X 1+ 64 MOD g 64 * + CELLS S + S@  TID-X CELLS OUT + !
WARP-ID 0= IF
  LANE-ID 7000 + LANE-ID CELLS H + S!
  3 64 BAR-ARRIVE-N
THEN
WARP-ID 3 = IF
  3 64 BAR-SYNC-N
  LANE-ID CELLS H + S@  LANE-ID 128 + CELLS OUT + !
THEN
\ E2E: --arch sm_90 --block 128 --param OUT=zeros --output-param OUT
\ EXPECT: 101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,100,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,164,7000,7001,7002,7003,7004,7005,7006,7007,7008,7009,7010,7011,7012,7013,7014,7015,7016,7017,7018,7019,7020,7021,7022,7023,7024,7025,7026,7027,7028,7029,7030,7031,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --block 128 --param OUT=zeros --output-param OUT -D BUG=1
\ EXPECT-STDERR: deadlock: no thread of block (0,0,0) can go on
\ EXPECT-STDERR: 64 threads, the first (thread (64,0,0) of block (0,0,0)) at 'BAR-SYNC-N', 
\ EXPECT-STDERR: on barrier 2 (64 of 96 threads arrived)
