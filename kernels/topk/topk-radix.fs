\ The radix select of top-k/top-p thresholds (topk-rows.fs, one block a
\ row, and the split top-p, topp-split.fs): the digits of the passes, the
\ histogram of one pass (count, and for top-p mass) in shared memory, its
\ scan from the top and the choice of the bin that holds the threshold.
\ The rule and the passes are described in topk-rows.fs.
\
\ The includer declares TOPP (0 or 1), P (f32), COLS, U, ESZ, LD
\ ( addr -- x ), the shared arrays HC HM WC WM SEL SELM of topk-rows.fs
\ and KEEP-CAND ( key -- ) (ADD), and INCLUDEs topk-keys.fs.

-3.4028234663852886e38 CONSTANT NEG-MAX

\ Loads of U elements of a row, BDIM-X apart from column j (at or past
\ column end: -inf), all issued before any is used.
: LOAD-TO ( j row end -- x0 .. x[U-1] )
  { j0 row end }
  U 0 UNROLL DO
    j0 I BDIM-X * + DUP end < IF  ESZ * row + LD  ELSE DROP NEG-INF THEN
  LOOP ;

\ The largest of columns j, j + BDIM-X, .. below end of a row, NaNs
\ skipped (FMAX), NEG-MAX where there is none.
: MAX-TO ( j row end -- lmax )
  { j0 row end }
  NEG-MAX { lmax }
  j0 BEGIN DUP end < WHILE
    DUP row end LOAD-TO  U 0 UNROLL DO  lmax FMAX TO lmax  LOOP
    U BDIM-X * +
  REPEAT DROP
  lmax ;

\ The block's maximum of one value a thread (NaNs skipped; NEG-MAX at
\ least), in every thread. Uses WM; barriers before and after.
: BLOCK-FMAX ( x -- max )
  FWARP-MAX
  LANE-ID 0= IF  WARP-ID FLOATS WM + SF!  ELSE DROP THEN
  BARRIER
  NEG-MAX  BDIM-X 32 / 0 DO  I FLOATS WM + SF@ FMAX  LOOP
  BARRIER ;            \ WM is the scans' next

\ Pass 0, 1 or 2 (known when compiling): a digit of 12, 10, 10 bits
\ below a prefix of 0, 12, 22 bits. nb bins, the digit is key dsh RSHIFT
\ mask AND, the prefix key msh RSHIFT.
: BINS ( i -- nb )  0= IF 4096 ELSE 1024 THEN ;
: DIGIT ( i -- nb mask dsh msh )
  { pass }
  pass BINS { nb }
  nb  nb 1-  20  pass 10 * -  0 MAX { dsh }
  dsh  pass 0= IF 32 ELSE dsh 10 + THEN ;

\ The prefix after a pass that chose digit d.
: NEXT-PRE ( i pre d -- pre' )
  { pass pre d }
  pass 0= IF 0 ELSE pre 10 LSHIFT THEN  d OR ;

\ A new pass: no choice, no candidates.
: FRESH ( -- )
  TID-X 0= IF  -1 SEL S!  0 SEL 3 CELLS + SI32!  THEN ;

\ The histogram's nb bins zeroed, FRESH, and a barrier.
: CLEAR ( nb -- )
  { nb }
  TID-X BEGIN DUP nb < WHILE
    0 OVER 4 * HC + SI32!  0.0 OVER FLOATS HM + SF!
    BDIM-X +
  REPEAT DROP
  FRESH
  BARRIER ;

\ One element into the histogram when its key matches the prefix: count,
\ mass, and where cand? (the second pass of topk-rows.fs) its key to the
\ includer's KEEP-CAND ( key -- ).
: ADD ( x key pre msh dsh mask cand? max -- )
  { v kv pre msh dsh mask cand? mx }
  kv msh RSHIFT pre = IF
    kv dsh RSHIFT mask AND { b }
    1 b 4 * HC + SATOMIC-ADD-I32 DROP
    TOPP IF  v mx F- FEXP  b FLOATS HM + SFATOMIC-ADD DROP  THEN
    cand? IF  kv KEEP-CAND  THEN
  THEN ;

\ Every element of columns j0, j0 + BDIM-X, .. below end of a row into
\ the histogram (ADD), U loads in flight a thread.
: ADD-ROW ( j0 row end pre msh dsh mask cand? max -- )
  { j0 row end pre msh dsh mask cand? mx }
  j0 BEGIN DUP end < WHILE
    DUP { jx }
    jx row end LOAD-TO
    U 0 UNROLL DO
      { v }                          \ column jx + (U-1-I)*BDIM-X
      jx U 1- I - BDIM-X * + end < IF
        v  v KEY  pre msh dsh mask cand? mx ADD
      THEN
    LOOP
    U BDIM-X * +
  REPEAT DROP ;

\ A key (a candidate's) into the histogram, its value from the key.
: ADD-KEY ( key pre msh dsh mask max -- )
  { kv pre msh dsh mask mx }
  kv KEY>BITS 1.0 F*  kv pre msh dsh mask 0 mx ADD ;

\ The sum of n over this lane and the lanes below it (a full warp).
: WARP-SCAN ( n -- sum )
  { inc }
  5 0 UNROLL DO
    inc 1 I LSHIFT SHFL-UP
    LANE-ID 1 I LSHIFT >= IF  inc + TO inc  ELSE DROP THEN
  LOOP
  inc ;

\ The scan of a filled histogram of nb bins: thread t owns BPT bins, from
\ the top down, starting at position t*BPT (bin nb-1-position). tc and tw:
\ their count and mass; ic and iw: the same with the threads before it in
\ its warp (a scan over the warp). The warps' totals go to WC and WM.
: SCAN ( nb -- tc tw ic iw )
  { nb }
  TID-X { t }
  nb BDIM-X / { bpt }
  0 0.0 { tc tw }
  bpt 0 DO
    nb 1-  t bpt * I +  -  { b }
    b 4 * HC + SI32@ tc + TO tc
    TOPP IF  b FLOATS HM + SF@ tw F+ TO tw  THEN
  LOOP
  tc tw { ic iw }
  5 0 UNROLL DO
    ic 1 I LSHIFT SHFL-UP
    LANE-ID 1 I LSHIFT >= IF  ic + TO ic  ELSE DROP THEN
    TOPP IF
      iw 1 I LSHIFT FSHFL-UP
      LANE-ID 1 I LSHIFT >= IF  iw F+ TO iw  ELSE DROP THEN
    THEN
  LOOP
  LANE-ID 31 = IF
    ic WARP-ID CELLS WC + S!
    TOPP IF  iw WARP-ID FLOATS WM + SF!  THEN
  THEN
  BARRIER
  tc tw ic iw ;

\ After the SCAN of a first pass (which counts every element): the bounds
\ of the choice, m (elements above) and ps = P * (mass of the row). p = 1
\ keeps every element (exactly, not as the f32 sums have it), and a NaN
\ mass (a NaN or +inf logit) masks nothing, as in HF: m becomes COLS.
: LIMITS ( m -- m' ps )
  { m }
  0.0  BDIM-X 32 / 0 DO  I FLOATS WM + SF@ F+  LOOP
  P F* { ps }
  P 1.0 F>=  ps ps F<> OR IF  COLS TO m  THEN
  m ps ;

\ The choice after SCAN: the digit d of the lowest bin whose top element
\ is kept (count above it < m, or mass above it < ps), and the count and
\ mass above that bin, ca and am counting those above the prefix. The
\ maximum of the positions picks one thread even if the rounding of the
\ sums made the test non-monotonic; the top non-empty bin always passes
\ (what is above it passed in the pass before). In every thread.
: PICK-BIN ( nb tc tw ic iw ca am m ps -- d ca' am' )
  { nb tc tw ic iw ca am m ps }
  TID-X { t }
  nb BDIM-X / { bpt }
  \ Above this thread's first bin: above the prefix, in the warps before,
  \ and in this warp's threads before.
  ca ic tc - + { ec }
  iw tw F- { ew }
  WARP-ID 0 ?DO  I CELLS WC + S@ ec + TO ec  LOOP
  TOPP IF
    WARP-ID 0 ?DO  I FLOATS WM + SF@ ew F+ TO ew  LOOP
    ew am F+ TO ew
  THEN
  -1 0 0.0 { best bc bw }
  bpt 0 DO
    nb 1-  t bpt * I +  -  { b }
    b 4 * HC + SI32@ { c }
    c 0>  ec m <  ew ps F<  OR  AND IF
      t bpt * I + TO best  ec TO bc  ew TO bw
    THEN
    ec c + TO ec
    TOPP IF  b FLOATS HM + SF@ ew F+ TO ew  THEN
  LOOP
  best -1 > IF  best SEL SATOMIC-MAX DROP  THEN
  BARRIER
  best -1 >  best SEL S@ =  AND IF
    nb 1- best -  SEL CELL+ S!
    bc SEL 2 CELLS + S!
    bw SELM SF!
  THEN
  BARRIER
  SEL CELL+ S@  SEL 2 CELLS + S@  SELM SF@ ;

\ The end of a pass (0, 1 or 2, known when compiling) on a filled histogram (a
\ barrier after the fill): its SCAN, on the first pass of top-p the
\ LIMITS, the PICK-BIN, and the state carried to the next pass: the prefix
\ (the threshold's key after the last), the count and mass above it, m
\ and ps.
: PASS-END ( i pre ca am m ps -- pre' ca' am' m' ps' )
  { pass pre ca am m ps }
  pass BINS { nb }
  nb SCAN { tc tw ic iw }
  TOPP IF  pass 0= IF  m LIMITS TO ps TO m  THEN  THEN
  nb tc tw ic iw ca am m ps PICK-BIN { d nca nam }
  pass pre d NEXT-PRE  nca nam m ps ;
