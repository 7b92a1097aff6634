\ Threads that exit before a BARRIER: in a block of BDIM-X threads, those
\ with t >= LIVE return at once; the others store into shared memory, meet
\ at BARRIER (twice, the second inside a loop) and read a neighbour's
\ value. The exited threads must not hang the barrier (the runtime counts
\ them as arrived, as GPUs do in practice). Under the sanitizer the same
\ kernel is a barrier error: a thread that exited is one the BARRIER never
\ sees, which the CUDA model leaves undefined (the last case).
\ Expected (Python): OUT[g] = 1000 + 100*b + ((t+1) mod LIVE) for t < LIVE,
\ 3 * that for the second round; 0 (untouched) for exited threads.
\! kernel main
\! param LIVE i64
\! param OUT i64[128]
\! param OUT2 i64[128]
\! shared S i64[64]
TID-X { t }
GLOBAL-ID { g }
t LIVE >= IF EXIT THEN
BID-X 100 * t + 1000 + t CELLS S + S!
BARRIER
t 1+ LIVE MOD CELLS S + S@ g CELLS OUT + !
3 0 DO
  BARRIER
  t CELLS S + S@ 3 * t CELLS S + S!
  BARRIER
LOOP
t 1+ LIVE MOD CELLS S + S@ 27 / 3 * g CELLS OUT2 + !
\ grid 2, block 64, LIVE=40
\ UNSANITIZED: threads exit before a BARRIER (the sanitizer reports it)
\ E2E: --param LIVE=40 --param OUT=zeros --param OUT2=zeros --grid 2 --block 64 --output-param OUT --output-count 128
\ EXPECT: 1001,1002,1003,1004,1005,1006,1007,1008,1009,1010,1011,1012,1013,1014,1015,1016,1017,1018,1019,1020,1021,1022,1023,1024,1025,1026,1027,1028,1029,1030,1031,1032,1033,1034,1035,1036,1037,1038,1039,1000,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1101,1102,1103,1104,1105,1106,1107,1108,1109,1110,1111,1112,1113,1114,1115,1116,1117,1118,1119,1120,1121,1122,1123,1124,1125,1126,1127,1128,1129,1130,1131,1132,1133,1134,1135,1136,1137,1138,1139,1100,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
\ UNSANITIZED: threads exit before a BARRIER (the sanitizer reports it)
\ E2E: --param LIVE=40 --param OUT=zeros --param OUT2=zeros --grid 2 --block 64 --output-param OUT2 --output-count 128
\ EXPECT: 3003,3006,3009,3012,3015,3018,3021,3024,3027,3030,3033,3036,3039,3042,3045,3048,3051,3054,3057,3060,3063,3066,3069,3072,3075,3078,3081,3084,3087,3090,3093,3096,3099,3102,3105,3108,3111,3114,3117,3000,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3303,3306,3309,3312,3315,3318,3321,3324,3327,3330,3333,3336,3339,3342,3345,3348,3351,3354,3357,3360,3363,3366,3369,3372,3375,3378,3381,3384,3387,3390,3393,3396,3399,3402,3405,3408,3411,3414,3417,3300,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
\ grid 2, block 64, LIVE=1
\ UNSANITIZED: threads exit before a BARRIER (the sanitizer reports it)
\ E2E: --param LIVE=1 --param OUT=zeros --param OUT2=zeros --grid 2 --block 64 --output-param OUT --output-count 128
\ EXPECT: 1000,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1100,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
\ UNSANITIZED: threads exit before a BARRIER (the sanitizer reports it)
\ E2E: --param LIVE=1 --param OUT=zeros --param OUT2=zeros --grid 2 --block 64 --output-param OUT2 --output-count 128
\ EXPECT: 3000,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3300,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
\ grid 1, block 48, LIVE=33
\ UNSANITIZED: threads exit before a BARRIER (the sanitizer reports it)
\ E2E: --param LIVE=33 --param OUT=zeros --param OUT2=zeros --grid 1 --block 48 --output-param OUT --output-count 48
\ EXPECT: 1001,1002,1003,1004,1005,1006,1007,1008,1009,1010,1011,1012,1013,1014,1015,1016,1017,1018,1019,1020,1021,1022,1023,1024,1025,1026,1027,1028,1029,1030,1031,1032,1000,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
\ UNSANITIZED: threads exit before a BARRIER (the sanitizer reports it)
\ E2E: --param LIVE=33 --param OUT=zeros --param OUT2=zeros --grid 1 --block 48 --output-param OUT2 --output-count 48
\ EXPECT: 3003,3006,3009,3012,3015,3018,3021,3024,3027,3030,3033,3036,3039,3042,3045,3048,3051,3054,3057,3060,3063,3066,3069,3072,3075,3078,3081,3084,3087,3090,3093,3096,3000,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
\ ONLY: cpu
\ E2E-ERROR: --param LIVE=40 --param OUT=zeros --param OUT2=zeros --grid 2 --block 64 --sanitize
\ EXPECT-STDERR: sanitizer: barrier divergence
\ EXPECT-STDERR: exited
