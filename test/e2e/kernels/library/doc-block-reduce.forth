\ docs/language.md's block-reduction example, as printed there (it must
\ stay the same: copy any change both ways). Row r of X holds
\ r*COLS .. r*COLS+COLS-1 (iota), so each row's sum of exp(x - max) is
\ sum(exp(-k) for k in range(COLS)) (Python): 1.5819767068693265 for
\ COLS 40 and 300 alike (in f32). Blocks of 48 threads (more than the 40
\ columns), 100 and 1000.
\! kernel row_sumexp
\! float f32
\! param X f32[ROWS*COLS]
\! param OUT f32[ROWS]
\! param ROWS i64
\! param COLS i64
\! shared RED f32[32]
: X@ ( j -- x )  BID-X COLS * + FLOATS X + F@ ;   \ this block's row
-inf  TID-X BEGIN DUP COLS < WHILE  DUP X@ ROT FMAX SWAP  BDIM-X + REPEAT DROP
RED FBLOCK-MAX { m }                     \ every thread: the row's max
0.0   TID-X BEGIN DUP COLS < WHILE  DUP X@ m F- FEXP ROT F+ SWAP  BDIM-X + REPEAT DROP
RED FBLOCK-SUM                           \ the same RED, right after
TID-X 0= IF  BID-X FLOATS OUT + F!  ELSE DROP THEN
\ E2E: --param X=iota(120) --param OUT=zeros --param ROWS=3 --param COLS=40 --grid 3 --block 48 --output-param OUT
\ EXPECT-APPROX: 1.5819767068693267,1.5819767068693267,1.5819767068693267
\ E2E: --param X=iota(900) --param OUT=zeros --param ROWS=3 --param COLS=300 --grid 3 --block 100 --output-param OUT
\ EXPECT-APPROX: 1.5819767068693267,1.5819767068693267,1.5819767068693267
\ E2E: --param X=iota(900) --param OUT=zeros --param ROWS=3 --param COLS=300 --grid 3 --block 1000 --output-param OUT
\ EXPECT-APPROX: 1.5819767068693267,1.5819767068693267,1.5819767068693267
