\ Float literal forms (1.5 -2.0 3. .25 -.5 1e3 1E+2 2.5e-1 -1.0e-5) and
\ integer forms (-7 +5 0x1F $ff -$10) in f64 mode and, with --float f32, as
\ f32 values (stored with F32! so the output is the same array type).
\ Lower-case and mixed-case words are the same words.
\! kernel main
\! param OUT f32[9]
\! param IOUT i64[5]
: >OUT ( x i -- ) 4 * OUT + F32! ;
1.5 0 >OUT  -2.0 1 >OUT  3. 2 >OUT  .25 3 >OUT  -.5 4 >OUT
1e3 5 >OUT  1E+2 6 >OUT  2.5e-1 7 >OUT  -1.0e-5 8 >OUT
-7 IOUT !  +5 iout 8 + !  0x1F Iout 16 + !  $ff dup drop IOUT 24 + !  -$10 IOUT 32 + !
\ E2E: --param OUT=zeros --param IOUT=zeros --output-param OUT
\ EXPECT: 1.5,-2,3,0.25,-0.5,1000,100,0.25,-1e-05
\ E2E: --param OUT=zeros --param IOUT=zeros --output-param OUT --float f32
\ EXPECT: 1.5,-2,3,0.25,-0.5,1000,100,0.25,-1e-05
\ E2E: --param OUT=zeros --param IOUT=zeros --output-param IOUT
\ EXPECT: -7,5,31,255,-16
