\ Every shared-memory word: S! S@ (cells), SF! SF@ (floats), SI8! SI8@
\ SI16! SI16@ SI32! SI32@ (truncating stores, sign-extending loads),
\ SHF! SHF@ (f16), SBF! SBF@ (bf16), SF32! SF32@ (f32). Each of 8 threads
\ stores its values, BARRIER, then reads thread (t+1) mod 8's.
\ Expected (Python, n = (t+1) mod 8): n*n-10, wrap8(50n), wrap16(10000n-30000),
\ wrap32(10^9 n); n+0.5, f16(0.1n), bf16(-0.3n), f32(1.1n).
\! kernel main
\! param OUT i64[32]
\! param FOUT f64[32]
\! shared SI i64[8]
\! shared S8 i8[8]
\! shared S16 i16[8]
\! shared S32 i32[8]
\! shared SF f64[8]
\! shared SH f16[8]
\! shared SB bf16[8]
\! shared SW f32[8]
TID-X { t }
t t * 10 -            t CELLS SI + S!
t 50 *                t S8 + SI8!
t 10000 * 30000 -     t 2 * S16 + SI16!
t 1000000000 *        t 4 * S32 + SI32!
t S>F 0.5 F+          t FLOATS SF + SF!
t S>F 0.1 F*          t 2 * SH + SHF!
t S>F -0.3 F*         t 2 * SB + SBF!
t S>F 1.1 F*          t 4 * SW + SF32!
BARRIER
t 1+ 8 MOD { n }
n CELLS SI + S@       t 4 * CELLS OUT + !
n S8 + SI8@           t 4 * 1+ CELLS OUT + !
n 2 * S16 + SI16@     t 4 * 2 + CELLS OUT + !
n 4 * S32 + SI32@     t 4 * 3 + CELLS OUT + !
n FLOATS SF + SF@     t 4 * FLOATS FOUT + F!
n 2 * SH + SHF@       t 4 * 1+ FLOATS FOUT + F!
n 2 * SB + SBF@       t 4 * 2 + FLOATS FOUT + F!
n 4 * SW + SF32@      t 4 * 3 + FLOATS FOUT + F!
\ E2E: --param OUT=zeros --param FOUT=zeros --block 8 --output-param OUT
\ EXPECT: -9,50,-20000,1000000000,-6,100,-10000,2000000000,-1,-106,0,-1294967296,6,-56,10000,-294967296,15,-6,20000,705032704,26,44,30000,1705032704,39,94,-25536,-1589934592,-10,0,-30000,0
\ E2E: --param OUT=zeros --param FOUT=zeros --block 8 --output-param FOUT
\ EXPECT: 1.5,0.0999755859375,-0.30078125,1.100000023841858,2.5,0.199951171875,-0.6015625,2.200000047683716,3.5,0.300048828125,-0.8984375,3.299999952316284,4.5,0.39990234375,-1.203125,4.400000095367432,5.5,0.5,-1.5,5.5,6.5,0.60009765625,-1.796875,6.599999904632568,7.5,0.7001953125,-2.09375,7.699999809265137,0.5,0,-0,0
