\ DUP DROP SWAP OVER ROT NIP TUCK on values loaded from IN, so that
\ nothing is known at compile time.
\! kernel main
\! param IN i64[4]
\! param OUT i64[16]
: >OUT ( n i -- ) CELLS OUT + ! ;
: A 0 CELLS IN + @ ;
: B 1 CELLS IN + @ ;
: C 2 CELLS IN + @ ;
A DUP       1 >OUT 0 >OUT
A B DROP    2 >OUT
A B SWAP    4 >OUT 3 >OUT
A B OVER    7 >OUT 6 >OUT 5 >OUT
A B C ROT   10 >OUT 9 >OUT 8 >OUT
A B NIP     11 >OUT
A B TUCK    14 >OUT 13 >OUT 12 >OUT

\ A=10 B=20 C=30: DUP 10 10 | DROP 10 | SWAP 20 10 | OVER 10 20 10 |
\ ROT 20 30 10 | NIP 20 | TUCK 20 10 20
\ E2E: --param IN=10,20,30 --param OUT=zeros --output-param OUT --output-count 15
\ EXPECT: 10,10,10,20,10,10,20,10,20,30,10,20,20,10,20
\ A=-1 B=7 C=0
\ E2E: --param IN=-1,7,0 --param OUT=zeros --output-param OUT --output-count 15
\ EXPECT: -1,-1,-1,7,-1,-1,7,-1,7,0,-1,7,7,-1,7
