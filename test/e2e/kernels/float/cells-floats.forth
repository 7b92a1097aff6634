\ CELLS is 8 bytes; FLOATS is 8 bytes in f64 mode and 4 in f32 mode, which
\ --float f32 selects here; CELL+ and FLOAT+ follow them.
\! kernel main
\! param OUT i64[4]
3 CELLS OUT !
3 FLOATS OUT 8 + !
0 FLOAT+ OUT 16 + !
0 CELL+ OUT 24 + !
\ E2E: --param OUT=zeros --output-param OUT
\ EXPECT: 24,24,8,8
\ E2E: --param OUT=zeros --output-param OUT --float f32
\ EXPECT: 24,12,4,8
