\ PICK and ROLL with constant indices, with an index read from memory, and
\ with the loop index I as the index.
\! kernel main
\! param IN i64[1]
\! param OUT i64[32]
: >OUT ( n i -- ) CELLS OUT + ! ;
: N IN @ ;
10 20 30 40   3 PICK 0 >OUT   1 PICK 1 >OUT   0 PICK 2 >OUT
2 ROLL  6 >OUT 5 >OUT 4 >OUT 3 >OUT
10 20 30 40 3 ROLL  10 >OUT 9 >OUT 8 >OUT 7 >OUT
10 20 30 0 ROLL  13 >OUT 12 >OUT 11 >OUT
10 20 1 ROLL  15 >OUT 14 >OUT
\ Computed index.
10 20 30 40 N PICK 16 >OUT 2DROP 2DROP
10 20 30 40 N ROLL 20 >OUT 19 >OUT 18 >OUT 17 >OUT
4 0 DO 10 20 30 40 I PICK I 21 + >OUT 2DROP 2DROP LOOP
4 0 DO 1 2 3 4 I ROLL I 25 + >OUT DROP DROP DROP LOOP
\ Constant part: 3 PICK 10, 1 PICK 30, 0 PICK 40; 2 ROLL -> 10 30 40 20;
\ 3 ROLL -> 20 30 40 10; 0 ROLL no change; 1 ROLL swaps.
\ Loops: x_I of 10 20 30 40 is 40 30 20 10; ROLL's top is 4 3 2 1.
\ N=2: PICK -> 20, ROLL -> 10 30 40 20
\ E2E: --param IN=2 --param OUT=zeros --output-param OUT --output-count 29
\ EXPECT: 10,30,40,10,30,40,20,20,30,40,10,10,20,30,20,10,20,10,30,40,20,40,30,20,10,4,3,2,1
\ N=3: PICK -> 10, ROLL -> 20 30 40 10
\ E2E: --param IN=3 --param OUT=zeros --output-param OUT --output-count 21
\ EXPECT: 10,30,40,10,30,40,20,20,30,40,10,10,20,30,20,10,10,20,30,40,10
\ N=0: PICK -> 40, ROLL -> unchanged
\ E2E: --param IN=0 --param OUT=zeros --output-param OUT --output-count 21
\ EXPECT: 10,30,40,10,30,40,20,20,30,40,10,10,20,30,20,10,40,10,20,30,40
\ N=1: PICK -> 30, ROLL -> 10 20 40 30
\ E2E: --param IN=1 --param OUT=zeros --output-param OUT --output-count 21
\ EXPECT: 10,30,40,10,30,40,20,20,30,40,10,10,20,30,20,10,30,10,20,40,30
