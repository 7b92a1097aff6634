\ VALUE CONSTANT NAME (integer and float), usable in words and the body,
\ shadowing a prelude word of the same name.
\! kernel main
\! param OUT i64[4]
\! param FOUT f64[2]
64 CONSTANT TILE
0.25 CONSTANT QUARTER
-1 CONSTANT NEGATE
: TILES ( n -- bytes ) TILE * ;
3 TILES          OUT !
NEGATE 5 +       OUT 8 + !
TILE S>F QUARTER F*  FOUT F!
QUARTER FNEG     FOUT 8 + F!
\ 3*64, -1+5 (NEGATE is now the constant -1), 64*0.25, -0.25
\ E2E: --param OUT=zeros --param FOUT=zeros --output-param OUT --output-count 2
\ EXPECT: 192,4
\ E2E: --param OUT=zeros --param FOUT=zeros --output-param FOUT
\ EXPECT: 16,-0.25
