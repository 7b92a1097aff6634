\ Warps that sync on their own named barrier different numbers of times
\ (warp w: w times on barrier 1 + w, 32 threads), between two BARRIERs
\ that order a cross-warp exchange through shared memory: thread t writes
\ S[t], BARRIER, reads S[63 - t]; the warps' own barriers; BARRIER; writes
\ S[t] again, BARRIER, reads S[63 - t] again. The program is race free
\ (every cross-thread pair is separated by a BARRIER), which the CPU
\ sanitizer must confirm; compute-sanitizer's racecheck on an H200 (CUDA
\ 13) reports hazards between the accesses around the BARRIERs in a
\ kernel of this shape (the decode kernel's), which this kernel isolates.
\ Expected: OUT[t] = (63 - t) + 1000 (63 - t) = 1001 (63 - t).
\! kernel named_barrier_counts
\! const SKEW 1                  \ 0: no warp syncs on its own barrier
\! param OUT i64[64]
\! shared S i64[64]
TID-X CELLS S + { mine }
63 TID-X - CELLS S + { theirs }
TID-X mine S!
BARRIER
theirs S@ { a }
WARP-ID SKEW * 0 ?DO  WARP-ID 1+ 32 BAR-SYNC-N  LOOP
BARRIER
TID-X 1000 * mine S!
BARRIER
theirs S@ a +  TID-X CELLS OUT + !
\ E2E: --arch sm_90 --block 64 --param OUT=zeros --output-param OUT
\ EXPECT: 63063,62062,61061,60060,59059,58058,57057,56056,55055,54054,53053,52052,51051,50050,49049,48048,47047,46046,45045,44044,43043,42042,41041,40040,39039,38038,37037,36036,35035,34034,33033,32032,31031,30030,29029,28028,27027,26026,25025,24024,23023,22022,21021,20020,19019,18018,17017,16016,15015,14014,13013,12012,11011,10010,9009,8008,7007,6006,5005,4004,3003,2002,1001,0
