\ Harder loop shapes: LEAVE from inside nested IFs and from a +LOOP, an
\ empty ?DO nested in a DO, loop limits read from memory, a DO whose body
\ carries a float and an int on the stack, J used inside a word, EXIT from
\ a nested loop in a word that leaves values on the stack, and a loop
\ index kept past the loop through a local.
\! kernel main
\! param IN i64[4]
\! param OUT i64[16]
\! param FOUT f64[2]
: >OUT ( n i -- ) CELLS OUT + ! ;
: JI ( -- n ) J 10 * I + ;
: FIRST-OVER ( limit -- i j ) \ first (j,i) with j*i > limit, else 99 99
  5 0 DO 5 0 DO J I * OVER > IF DROP J I UNLOOP UNLOOP EXIT THEN LOOP LOOP DROP 99 99 ;
IN @ { n }  IN 8 + @ { m }
0 100 0 DO I 3 MOD 0= IF I 20 > IF I n > IF LEAVE THEN THEN THEN 1+ LOOP   0 >OUT
0 0 100 DO 1+ I n < IF LEAVE THEN -7 +LOOP                                 1 >OUT
0 4 0 DO I I ?DO 1+ LOOP  m I ?DO 1+ LOOP LOOP                              2 >OUT
0 m n MAX n ?DO I + LOOP                                                    3 >OUT
0 3 1 DO 4 2 DO JI + LOOP LOOP                                              4 >OUT
m FIRST-OVER 6 >OUT 5 >OUT
-1 { last }  n 0 ?DO I TO last LOOP  last 7 >OUT
0.0 0  n 0 ?DO  SWAP I S>F 0.5 F* F+ SWAP  I 2 * +  LOOP  8 >OUT  FOUT F!
\ Expected: a Python model of each line (LEAVE as break; +LOOP with the
\ crossing test; inputs keep m >= 4 so that 'm I ?DO' never wraps).
\ n=30 m=10
\ E2E: --param IN=30,10 --param OUT=zeros --param FOUT=zeros --output-param OUT --output-count 9
\ EXPECT: 33,12,34,0,70,3,4,29,870
\ E2E: --param IN=30,10 --param OUT=zeros --param FOUT=zeros --output-param FOUT --output-count 1
\ EXPECT: 217.5
\ n=50 m=4
\ E2E: --param IN=50,4 --param OUT=zeros --param FOUT=zeros --output-param OUT --output-count 9
\ EXPECT: 51,9,10,0,70,2,3,49,2450
\ E2E: --param IN=50,4 --param OUT=zeros --param FOUT=zeros --output-param FOUT --output-count 1
\ EXPECT: 612.5
\ n=0 m=25
\ E2E: --param IN=0,25 --param OUT=zeros --param FOUT=zeros --output-param OUT --output-count 9
\ EXPECT: 21,15,94,300,70,99,99,-1,0
\ E2E: --param IN=0,25 --param OUT=zeros --param FOUT=zeros --output-param FOUT --output-count 1
\ EXPECT: 0
\ n=7 m=7
\ E2E: --param IN=7,7 --param OUT=zeros --param FOUT=zeros --output-param OUT --output-count 9
\ EXPECT: 21,15,22,0,70,2,4,6,42
\ E2E: --param IN=7,7 --param OUT=zeros --param FOUT=zeros --output-param FOUT --output-count 1
\ EXPECT: 10.5
