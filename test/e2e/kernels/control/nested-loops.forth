\ Nested DO loops with I J K (K outermost), LEAVE (leaves only the
\ innermost loop), UNLOOP EXIT out of one and two loops inside words, and a
\ word that uses the caller's I.
\! kernel main
\! param IN i64[8]
\! param OUT i64[40]
\! param R i64[8]
: >R! ( n i -- ) CELLS R + ! ;
: FIND ( x -- i|-1 )  8 0 DO I CELLS IN + @ OVER = IF DROP I UNLOOP EXIT THEN LOOP DROP -1 ;
: FIND-PAIR ( s -- i*8+j|-1 )  \ first i<j with IN[i]+IN[j] = s
  8 0 DO 8 I 1+ ?DO
    J CELLS IN + @ I CELLS IN + @ + OVER = IF DROP J 8 * I + UNLOOP UNLOOP EXIT THEN
  LOOP LOOP DROP -1 ;
: ISQ ( -- i*i ) I I * ;
2 0 DO 3 0 DO 4 0 DO
  K 100 * J 10 * + I +   K 12 * J 4 * + I + CELLS OUT + !
LOOP LOOP LOOP
0 10 0 DO I 5 = IF LEAVE THEN 1+ LOOP          0 >R!
0 4 0 DO 10 0 DO I J > IF LEAVE THEN 1+ LOOP LOOP   1 >R!
IN 32 + @ FIND                                 2 >R!
IN 8 + @ FIND-PAIR                             3 >R!
0 5 0 DO ISQ + LOOP                            4 >R!
IN @ 1000 + FIND                               5 >R!
IN 40 + @ FIND                                 6 >R!
\ OUT: 100k+10j+i at 12k+4j+i for k<2, j<3, i<4.
\ E2E: --param IN=40,9,7,3,40,5,1,2 --param OUT=zeros --param R=zeros --block 1 --output-param OUT --output-count 24
\ EXPECT: 0,1,2,3,10,11,12,13,20,21,22,23,100,101,102,103,110,111,112,113,120,121,122,123
\ R: LEAVE at I=5 after 5 increments; the inner loop runs J+1 times for
\ J<4: 10; FIND IN[4] = 40 finds its first place, 0; the first pair
\ i<j with IN[i]+IN[j] = IN[1] = 9 is (2,7): 7+2, giving 2*8+7 = 23; the
\ sum of I*I for I<5 is 30; 1040 is absent: -1; FIND IN[5] = 5.
\ E2E: --param IN=40,9,7,3,40,5,1,2 --param OUT=zeros --param R=zeros --output-param R --output-count 7
\ EXPECT: 5,10,0,23,30,-1,5
\ No pair of distinct powers of two sums to IN[1] = 2: -1; FIND IN[4] = 4.
\ E2E: --param IN=1,2,4,8,16,32,64,128 --param OUT=zeros --param R=zeros --output-param R --output-count 7
\ EXPECT: 5,10,4,-1,30,-1,5
