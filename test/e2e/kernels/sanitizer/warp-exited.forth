\ A shuffle after lanes 8..31 took EXIT: the GPU's SHFL-DOWN waits for
\ lanes that are gone. --sanitize names the shuffle's line and the exited
\ lanes. -D FIXED=1 shuffles first and exits after: clean, lane l gets
\ lane l+1's id (lane 31 keeps its own).
\! kernel shfl
\! const FIXED 0
\! param OUT i64[32]
LANE-ID { l }
FIXED 0= IF  l 8 >= IF EXIT THEN  THEN
l 1 SHFL-DOWN  l CELLS OUT + !
\ ONLY: cpu
\ E2E-ERROR: --sanitize --param OUT=zeros --block 32
\ EXPECT-STDERR: sanitizer: incomplete warp at
\ EXPECT-STDERR: warp-exited.forth:10:
\ EXPECT-STDERR: lanes 8..31 exited
\ ONLY: cpu
\ E2E: --sanitize -D FIXED=1 --param OUT=zeros --block 32 --output-param OUT --output-count 4
\ EXPECT: 1,2,3,4
