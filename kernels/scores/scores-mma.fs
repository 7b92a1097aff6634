\ Attention scores S = Q K^T * SCALE on the tensor cores, for 16-bit Q and
\ K (scores-tiles.fs has the layout, the causal rule and the -inf tiles).
\ A bf16 or f16 value is exact in TF32, so MMA-TF32 multiplies exactly and
\ sums in f32 (truncated, not rounded: far below the 16-bit output's
\ rounding for any head dimension).
\
\ A block computes BN x BM scores with (BN/WN) x (BM/WM) warps, each a
\ WN x WM tile of MT x NT m16n8k8 products per 8 features. Q and K go
\ through shared memory DK features at a time, rows padded to SS = DK+4
\ floats so that a fragment's 32 loads hit 32 banks. Grid
\ (ceil(M/BM), ceil(N/BN), BH), block NTHREADS.
\
\ The wrapper declares the params Q K S BH N M D SCALE, the constants, MMA
\ (MMA-TF32 for 16-bit inputs), LD ( addr -- x ), ST ( x addr -- ) and
\ STORE2 ( x0 x1 addr -- ) for two adjacent scores (used with VST 2: M even
\ and S 4-byte aligned).

BID-Z { hd }
BID-Y BN * { i0 }
BID-X BM * { j0 }
M N - { shift }
-1.0 0.0 F/ { ninf }
WARP-ID BM WM / / { wr }
WARP-ID BM WM / MOD { wc }
LANE-ID 4 / { g }
LANE-ID 4 MOD { t }

\ The address of S[hd, i, j].
: S-AT ( hd i j -- addr )  ROT N * ROT + M * + ESZ * S + ;

CAUSAL 0<> j0 i0 BN + N MIN 1- shift + > AND IF
  \ Every key of the tile is above the diagonal: -inf, VST at a time,
  \ consecutive threads on consecutive scores.
  TID-X BEGIN DUP BN BM * VST / < WHILE { e }
    e VST * BM /MOD { cc rr }
    i0 rr + N <  j0 cc + M <  AND IF
      hd i0 rr + j0 cc + S-AT
      VST 2 = IF ninf ninf ROT STORE2 ELSE ninf SWAP ST THEN
    THEN
    e NTHREADS +
  REPEAT DROP
  EXIT
THEN

MT NT * 4 * 0 UNROLL DO 0.0 I ACC! LOOP
D 0 ?DO
  I { d0 }
  BARRIER
  \ Rows past the end read the last row (never stored), features past D
  \ read as 0.
  BN DK * NTHREADS / 0 UNROLL DO
    TID-X I NTHREADS * + { e }
    e DK / { row }  e DK MOD { kk }
    kk d0 + D < IF
      hd N * i0 row + N 1- MIN + D * kk d0 + + ESZ * Q + LD
    ELSE 0.0 THEN
    row SS * kk + FLOATS QS + SF!
  LOOP
  BM DK * NTHREADS / 0 UNROLL DO
    TID-X I NTHREADS * + { e }
    e DK / { row }  e DK MOD { kk }
    kk d0 + D < IF
      hd M * j0 row + M 1- MIN + D * kk d0 + + ESZ * K + LD
    ELSE 0.0 THEN
    row SS * kk + FLOATS KS + SF!
  LOOP
  BARRIER
  DK 8 / 0 UNROLL DO
    I 8 * { f8 }
    \ A fragments (lane (g, t): rows g and g+8, features t and t+4).
    MT 0 UNROLL DO
      wr WN * I 16 * + g + SS * f8 + t + FLOATS QS + { qa }
      qa SF@  qa 8 SS * FLOATS + SF@  qa 4 FLOATS + SF@
      qa 8 SS * 4 + FLOATS + SF@
      I 4 * 3 + AFR!  I 4 * 2 + AFR!  I 4 * 1+ AFR!  I 4 * AFR!
    LOOP
    NT 0 UNROLL DO
      I { ntile }
      \ B fragment (key g, features t and t+4).
      wc WM * ntile 8 * + g + SS * f8 + t + FLOATS KS + { kb }
      kb SF@ { b0 }  kb 4 FLOATS + SF@ { b1 }
      MT 0 UNROLL DO
        I NT * ntile + 4 * { ai }
        I 4 * AFR@  I 4 * 1+ AFR@  I 4 * 2 + AFR@  I 4 * 3 + AFR@  b0 b1
        ai ACC@  ai 1+ ACC@  ai 2 + ACC@  ai 3 + ACC@
        MMA
        ai 3 + ACC!  ai 2 + ACC!  ai 1+ ACC!  ai ACC!
      LOOP
    LOOP
  LOOP
DK +LOOP

\ Lane (g, t) holds rows g and g+8, keys 2t and 2t+1 of each product.
MT 0 UNROLL DO
  I { mtile }
  NT 0 UNROLL DO
    mtile NT * I + 4 * { ai }
    j0 wc WM * + I 8 * + t 2 * + { col }
    2 0 UNROLL DO
      i0 wr WN * + mtile 16 * + g + I 8 * + { qi }
      qi N < IF
        ai I 2 * + ACC@ SCALE F*  ai I 2 * + 1+ ACC@ SCALE F*  { v0 v1 }
        CAUSAL IF
          col qi shift + > IF ninf TO v0 THEN
          col 1+ qi shift + > IF ninf TO v1 THEN
        THEN
        hd qi col S-AT { at }
        VST 2 = IF
          col M < IF v0 v1 at STORE2 THEN
        ELSE
          col M < IF v0 at ST THEN
          col 1+ M < IF v1 at ESZ + ST THEN
        THEN
      THEN
    LOOP
  LOOP
LOOP
