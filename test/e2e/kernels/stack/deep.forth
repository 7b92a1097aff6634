\ A deep stack: 20 values, PICK and ROLL reaching the bottom with constant
\ and computed indices, a loop that rotates 5 stack values each time round
\ (the loop header carries all of them), and IF SWAP THEN merges.
\ Expected: a Python list model of the stack.
\! kernel main
\! param IN i64[2]
\! param OUT i64[40]
: >OUT ( n i -- ) CELLS OUT + ! ;
IN @ { k }  IN 8 + @ { r }
0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19
19 PICK 0 >OUT
k PICK 1 >OUT
k ROLL 2 >OUT
21 >OUT 20 >OUT 19 >OUT 18 >OUT 17 >OUT 16 >OUT 15 >OUT 14 >OUT 13 >OUT 12 >OUT
11 >OUT 10 >OUT 9 >OUT 8 >OUT 7 >OUT 6 >OUT 5 >OUT 4 >OUT 3 >OUT
1 2 3 4 5  r 0 ?DO 4 ROLL LOOP  26 >OUT 25 >OUT 24 >OUT 23 >OUT 22 >OUT
10 20  k 2 MOD IF SWAP THEN  28 >OUT 27 >OUT
\ k=19 r=3
\ E2E: --param IN=19,3 --param OUT=zeros --output-param OUT --output-count 29
\ EXPECT: 0,0,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,4,5,1,2,3,20,10
\ k=0 r=0
\ E2E: --param IN=0,0 --param OUT=zeros --output-param OUT --output-count 29
\ EXPECT: 0,19,19,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,1,2,3,4,5,10,20
\ k=7 r=5
\ E2E: --param IN=7,5 --param OUT=zeros --output-param OUT --output-count 29
\ EXPECT: 0,12,12,0,1,2,3,4,5,6,7,8,9,10,11,13,14,15,16,17,18,19,1,2,3,4,5,20,10
\ k=12 r=13
\ E2E: --param IN=12,13 --param OUT=zeros --output-param OUT --output-count 29
\ EXPECT: 0,7,7,0,1,2,3,4,5,6,8,9,10,11,12,13,14,15,16,17,18,19,4,5,1,2,3,10,20
