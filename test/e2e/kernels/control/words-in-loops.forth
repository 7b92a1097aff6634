\ Words inlined into loops: EXIT from a word's BEGIN AGAIN (and UNLOOP EXIT
\ from a word's own DO loop) returns from the word only; the caller's loop
\ goes on. A word reading I and J sees the caller's loop indices.
\! kernel main
\! param IN i64[8]
\! param OUT i64[8]
: >OUT ( n i -- ) CELLS OUT + ! ;
: GROW ( n -- m ) BEGIN DUP 10 > IF EXIT THEN 2* AGAIN ;
: INDEX-OF ( x -- i|-1 ) 8 0 DO DUP I CELLS IN + @ = IF DROP I UNLOOP EXIT THEN LOOP DROP -1 ;
: IJ ( -- n ) I J 100 * + ;
0 5 0 DO I 1+ GROW + LOOP                  0 >OUT
0 4 0 DO I 10 * INDEX-OF + LOOP            1 >OUT
0 3 0 DO 2 0 DO IJ + LOOP LOOP             2 >OUT
0 4 0 DO I 10 * INDEX-OF 0< IF LEAVE THEN 1+ LOOP  3 >OUT
\ GROW doubles until > 10: 1->16 2->16 3->12 4->16 5->20, sum 80.
\ IN = 10 0 30 20 ...: INDEX-OF 0 10 20 30 = 1 0 3 2, sum 6; 
\ IJ summed over J<3, I<2: 2*(0+100+200) + 3*(0+1) = 603;
\ the last loop counts I=0..3 while 10I is in IN: all four.
\ E2E: --param IN=10,0,30,20,5,5,5,5 --param OUT=zeros --output-param OUT --output-count 4
\ EXPECT: 80,6,603,4
\ IN = 0 10 7 7 7 7 7 7: 20 and 30 are missing (-1 each): 0+1-1-1 = -1;
\ the last loop stops (LEAVE) at I=2.
\ E2E: --param IN=0,10,7,7,7,7,7,7 --param OUT=zeros --output-param OUT --output-count 4
\ EXPECT: 80,-1,603,2
