\ Every integer and stack word of the prelude: 2DUP 2DROP 2SWAP 2OVER -ROT
\ 3DUP TRUE FALSE 0< 0> 0<> INVERT NEGATE ABS MIN MAX 1+ 1- 2* 2/ /MOD
\ WITHIN CELL+ FLOAT+ (FLOAT+ adds 4 with --float f32).
\! kernel main
\! param IN i64[4]
\! param OUT i64[48]
: >OUT ( n i -- ) CELLS OUT + ! ;
: S2 ( x y i -- ) TUCK 1+ >OUT >OUT ;
: S3 ( x y z i -- ) DUP >R 1+ S2 R> >OUT ;
: S4 ( a b c d i -- ) DUP >R 2 + S2 R> S2 ;
: S6 ( a b c d e f i -- ) DUP >R 3 + S3 R> S3 ;
IN @ { a }  IN 8 + @ { b }  IN 16 + @ { c }  IN 24 + @ { d }
a b 2DUP        0 S4
a b c d 2DROP   4 S2
a b c d 2SWAP   6 S4
a b c d 2OVER   10 S6
a b c -ROT      16 S3
a b c 3DUP      19 S6
TRUE 25 >OUT   FALSE 26 >OUT
a 0<  27 >OUT   a 0>  28 >OUT   a 0<>  29 >OUT
a INVERT 30 >OUT   a NEGATE 31 >OUT   a ABS 32 >OUT
a b MIN 33 >OUT   a b MAX 34 >OUT
a 1+ 35 >OUT   a 1- 36 >OUT   a 2* 37 >OUT   a 2/ 38 >OUT
a b /MOD 39 S2
a b c WITHIN 41 >OUT   d c 10 WITHIN 42 >OUT
c c d WITHIN 43 >OUT   d c d WITHIN 44 >OUT
a CELL+ 45 >OUT   a FLOAT+ 46 >OUT
\ Expected from a Python model of each word (2/ is floor division by 2,
\ /MOD gives the remainder with the dividend's sign and the truncated
\ quotient, WITHIN is (n-lo) mod 2^64 < (hi-lo) mod 2^64: lo <= n < hi,
\ and for hi < lo the ring n >= lo or n < hi, so 6 -4 -10 WITHIN is true).
\ E2E: --param IN=-7,2,5,9 --param OUT=zeros --output-param OUT --output-count 47
\ EXPECT: -7,2,-7,2,-7,2,5,9,-7,2,-7,2,5,9,-7,2,5,-7,2,-7,2,5,-7,2,5,-1,0,-1,0,-1,6,7,7,-7,2,-6,-8,-14,-4,-1,-3,0,-1,-1,0,1,1
\ E2E: --param IN=6,-4,-10,0 --param OUT=zeros --output-param OUT --output-count 47 --float f32
\ EXPECT: 6,-4,6,-4,6,-4,-10,0,6,-4,6,-4,-10,0,6,-4,-10,6,-4,6,-4,-10,6,-4,-10,-1,0,0,-1,-1,-7,-6,6,-4,6,7,5,12,3,2,-1,-1,-1,-1,0,14,10
