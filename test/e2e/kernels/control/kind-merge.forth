\ Values of both kinds through control flow: floats meeting floats at THEN
\ stay floats; an int meeting a float meets as an integer (the float's
\ bits, as in the public WarpForth: 1.5 is 0x3FF8000000000000 =
\ 4609434218613702656); floats through >R R>, PICK, ROLL, locals and a
\ loop-carried accumulator; locals of the same name in nested words.
\! kernel main
\! param IN i64[1]
\! param OUT i64[4]
\! param FOUT f64[8]
: >F ( x i -- ) CELLS FOUT + F! ;
: INNER { a -- } a 2 * ;
: OUTER { a -- } a INNER a + ;
IN @ { n }
n 0> IF 1.5 ELSE 2.5 THEN  0 >F
n 0> IF 1.5 ELSE 7 THEN  OUT !
1.25 >R 2.0 R> F-  1 >F
0.5 1 1 PICK 2 >F DROP DROP
0.75 1 2 2 ROLL 3 >F DROP DROP
0.0 n 0 MAX 0 ?DO I S>F F+ LOOP  4 >F
n OUTER  OUT 8 + !
n S>F { x }  x x F*  5 >F
\ n=3
\ E2E: --param IN=3 --param OUT=zeros --param FOUT=zeros --output-param OUT --output-count 2
\ EXPECT: 4609434218613702656,9
\ E2E: --param IN=3 --param OUT=zeros --param FOUT=zeros --output-param FOUT --output-count 6
\ EXPECT: 1.5,0.75,0.5,0.75,3,9
\ n=-2
\ E2E: --param IN=-2 --param OUT=zeros --param FOUT=zeros --output-param OUT --output-count 2
\ EXPECT: 7,-6
\ E2E: --param IN=-2 --param OUT=zeros --param FOUT=zeros --output-param FOUT --output-count 6
\ EXPECT: 2.5,0.75,0.5,0.75,0,4
