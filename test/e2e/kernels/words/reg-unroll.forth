\ Register arrays (\! reg NAME TYPE[SIZE] gives NAME@ ( i -- x ) and
\ NAME! ( x i -- )) with constant indices, with computed ones, and with
\ an UNROLL DO (bounds known at compile time, also with +LOOP and LEAVE);
\ an i64 and an f64 register array. Each thread computes a running prefix
\ sum of IN[0..7] scaled by its own id.
\! kernel main
\! const N 8
\! reg ACC i64[N]
\! reg FA f64[4]
\! param IN i64[8]
\! param OUT i64[64]
\! param FOUT f64[8]
TID-X { t }
N 0 UNROLL DO I CELLS IN + @ t 1+ * I ACC! LOOP
N 1 UNROLL DO I 1- ACC@ I ACC@ + I ACC! LOOP
N 0 DO I ACC@ t N * I + CELLS OUT + ! LOOP
IN @ 7 AND ACC@ 100 * 0 ACC!
0 ACC@ t N * 7 + CELLS OUT + !
4 0 UNROLL DO I S>F 0.5 F* I FA! LOOP
0.0 4 0 UNROLL DO I FA@ F+ 2 +LOOP 3 FA!
4 0 UNROLL DO I 2 = IF LEAVE THEN I FA@ 10.0 F+ I FA! LOOP
t 0= IF 4 0 DO I FA@ I CELLS FOUT + F! LOOP THEN
\ IN=[3, 1, 4, 1, 5, 9, 2, 6]: row t = prefix sums of IN*(t+1), slot 7 replaced by 100*ACC[IN[0] & 7]
\ E2E: --param IN=3,1,4,1,5,9,2,6 --param OUT=zeros --param FOUT=zeros --block 3 --output-param OUT --output-count 24
\ EXPECT: 3,4,8,9,14,23,25,900,6,8,16,18,28,46,50,1800,9,12,24,27,42,69,75,2700
\ IN=[-2, 7, 0, -5, 11, 1, 1, 8]: row t = prefix sums of IN*(t+1), slot 7 replaced by 100*ACC[IN[0] & 7]
\ E2E: --param IN=-2,7,0,-5,11,1,1,8 --param OUT=zeros --param FOUT=zeros --block 3 --output-param OUT --output-count 24
\ EXPECT: -2,5,5,0,11,12,13,1300,-4,10,10,0,22,24,26,2600,-6,15,15,0,33,36,39,3900
\ FA = 0 0.5 1 1.5, FA[3] := FA[0]+FA[2] = 1, then +10 for I<2 (LEAVE at 2).
\ E2E: --param IN=-2,7,0,-5,11,1,1,8 --param OUT=zeros --param FOUT=zeros --block 3 --output-param FOUT --output-count 4
\ EXPECT: 10,10.5,1,1
