\ DO LOOP, +LOOP with positive and negative steps (the standard crossing
\ test: the loop ends when the index crosses from limit-1 to limit in
\ either direction), ?DO skipping an empty range, a step read from a param.
\ Each loop appends its indices to OUT through a counter kept on the stack.
\! kernel main
\! param IN i64[3]
\! param OUT i64[64]
: PUT ( n k -- k+1 )  DUP CELLS OUT + ROT SWAP ! 1+ ;
: MARK ( k -- k+1 )  -99 SWAP PUT ;
0
5 0 DO I SWAP PUT LOOP MARK
10 0 DO I SWAP PUT 2 +LOOP MARK
10 0 DO I SWAP PUT 3 +LOOP MARK
0 10 DO I SWAP PUT -1 +LOOP MARK
0 10 DO I SWAP PUT -3 +LOOP MARK
-3 3 DO I SWAP PUT -2 +LOOP MARK
4 4 ?DO I SWAP PUT LOOP MARK
7 4 ?DO I SWAP PUT LOOP MARK
IN @ IN 8 + @ DO I SWAP PUT IN 16 + @ +LOOP MARK
DROP
\ Lists (-99 ends each): 0..4 | 0 2 4 6 8 | 0 3 6 9 | 10 down to 0 |
\ 10 7 4 1 | 3 1 -1 -3 | (none) | 4 5 6 | IN loop
\ IN loop: limit 5, start 20, step -5: 20 15 10 5
\ E2E: --param IN=5,20,-5 --param OUT=zeros --output-param OUT --output-count 49
\ EXPECT: 0,1,2,3,4,-99,0,2,4,6,8,-99,0,3,6,9,-99,10,9,8,7,6,5,4,3,2,1,0,-99,10,7,4,1,-99,3,1,-1,-3,-99,-99,4,5,6,-99,20,15,10,5,-99
\ IN loop: limit 10, start -2, step 4: -2 2 6
\ E2E: --param IN=10,-2,4 --param OUT=zeros --output-param OUT --output-count 48
\ EXPECT: 0,1,2,3,4,-99,0,2,4,6,8,-99,0,3,6,9,-99,10,9,8,7,6,5,4,3,2,1,0,-99,10,7,4,1,-99,3,1,-1,-3,-99,-99,4,5,6,-99,-2,2,6,-99
