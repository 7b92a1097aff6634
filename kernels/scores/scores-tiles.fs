\ Attention scores S = Q K^T * SCALE for BH = B*H heads (f32; 16-bit
\ inputs use the tensor cores, scores-mma.fs): Q is (BH, N, D),
\ K is (BH, M, D), S is (BH, N, M). With CAUSAL (-D CAUSAL=1, the default)
\ key j is hidden from query i when j > i + (M - N) (the diagonal aligned
\ to the bottom-right, as in decoding): S is -inf there, and a tile wholly
\ above the diagonal only writes -inf, without loading anything.
\
\ A SIMT GEMM: a block computes a BN x BM tile of S from tiles of Q and K
\ that go through shared memory DK features at a time, transposed (so that
\ a thread reads its rows' values of one feature with vector loads; rows
\ padded by 4 floats so that the transposing stores spread over the
\ banks); thread (ty, tx) keeps a TN x TM block of S in registers and adds
\ outer products. Grid (ceil(M/BM), ceil(N/BN), BH), block NTHREADS.
\
\ The wrapper declares the params Q K S BH N M D SCALE, the tile constants
\ (BN BM TN TM DK NTX NTHREADS, QSTRIDE = BN+4, KSTRIDE = BM+4, VST), ESZ
\ (bytes per element), LD ( addr -- x ) for Q and K, and STV
\ ( x0 .. xVST-1 addr -- ) storing VST consecutive scores (VST 4: M a
\ multiple of 4 and S aligned for it, which the host checks; else 1).

BID-Z { hd }
BID-Y BN * { i0 }
BID-X BM * { j0 }
M N - { shift }
TID-X NTX MOD { tx }
TID-X NTX / { ty }
-1.0 0.0 F/ { ninf }

\ The address of S[hd, i, j].
: S-AT ( hd i j -- addr )  ROT N * ROT + M * + ESZ * S + ;

CAUSAL 0<> j0 i0 BN + N MIN 1- shift + > AND IF
  \ Every key of the tile is above the diagonal.
  TN 0 UNROLL DO
    i0 ty TN * + I + { qi }
    qi N < IF
      TM 0 UNROLL DO
        j0 tx TM * + I + { kj }
        kj M < IF  VST 0 UNROLL DO ninf LOOP  hd qi kj S-AT STV  THEN
      VST +LOOP
    THEN
  LOOP
  EXIT
THEN

TN TM * 0 UNROLL DO 0.0 I ACC! LOOP
D 0 ?DO
  I { d0 }
  BARRIER
  \ Q's rows i0.. and K's rows j0.., features d0..d0+DK-1, transposed into
  \ shared memory; rows past the end read the last row (their results are
  \ never stored), features past D read as 0.
  BN DK * NTHREADS / 0 UNROLL DO
    TID-X I NTHREADS * + { e }
    e DK / { row }  e DK MOD d0 + { dd }
    dd D < IF
      hd N * i0 row + N 1- MIN + D * dd + ESZ * Q + LD
    ELSE 0.0 THEN
    e DK MOD QSTRIDE * row + FLOATS QS + SF!
  LOOP
  BM DK * NTHREADS / 0 UNROLL DO
    TID-X I NTHREADS * + { e }
    e DK / { row }  e DK MOD d0 + { dd }
    dd D < IF
      hd M * j0 row + M 1- MIN + D * dd + ESZ * K + LD
    ELSE 0.0 THEN
    e DK MOD KSTRIDE * row + FLOATS KS + SF!
  LOOP
  BARRIER
  DK 0 UNROLL DO
    I QSTRIDE * ty TN * + FLOATS QS +
    TN 4 MOD 0= IF
      TN 0 UNROLL DO DUP I FLOATS + 4SF@ I 3 + AV! I 2 + AV! I 1+ AV! I AV! 4 +LOOP
    ELSE
      TN 0 UNROLL DO DUP I FLOATS + SF@ I AV! LOOP
    THEN DROP
    I KSTRIDE * tx TM * + FLOATS KS +
    TM 0 UNROLL DO DUP I FLOATS + 4SF@ I 3 + BV! I 2 + BV! I 1+ BV! I BV! 4 +LOOP
    DROP
    TN 0 UNROLL DO
      TM 0 UNROLL DO
        J TM * I + { a }  a ACC@ J AV@ I BV@ F* F+ a ACC!
      LOOP
    LOOP
  LOOP
DK +LOOP

j0 tx TM * + { jt }
TN 0 UNROLL DO
  I { ri }                     \ (K, the third loop index, is the param K)
  i0 ty TN * + ri + { qi }
  qi N < IF
    hd qi jt S-AT { at }
    qi shift + jt - { last }     \ the last column of this row shown
    TM 0 UNROLL DO
      jt I + M < IF
        VST 0 UNROLL DO
          ri TM * J + I + ACC@ SCALE F*
          CAUSAL IF  J I + last > IF DROP ninf THEN  THEN
        LOOP
        at I ESZ * + STV
      THEN
    VST +LOOP
  THEN
LOOP
