\ WarpForth prelude: standard Forth words written in Forth.
\ Every kernel gets these. Words are inlined where they are used and the
\ stack lives in registers, so each definition costs exactly what its body
\ would cost written out by hand. A kernel may redefine any of them.

\ Stack.
: 2DUP    ( a b -- a b a b )        OVER OVER ;
: 2DROP   ( a b -- )                DROP DROP ;
: 2SWAP   ( a b c d -- c d a b )    ROT >R ROT R> ;
: 2OVER   ( a b c d -- a b c d a b ) 3 PICK 3 PICK ;
: -ROT    ( a b c -- c a b )        ROT ROT ;
: 3DUP    ( a b c -- a b c a b c )  2 PICK 2 PICK 2 PICK ;

\ Flags.
: TRUE    ( -- -1 )                 -1 ;
: FALSE   ( -- 0 )                  0 ;
: 0<      ( n -- flag )             0 < ;
: 0>      ( n -- flag )             0 > ;
: 0<>     ( n -- flag )             0 <> ;
: INVERT  ( n -- ~n )               NOT ;

\ Integer arithmetic.
: NEGATE  ( n -- -n )               0 SWAP - ;
: ABS     ( n -- |n| )              DUP 0< IF NEGATE THEN ;
: MIN     ( a b -- min )            2DUP > IF SWAP THEN DROP ;
: MAX     ( a b -- max )            2DUP < IF SWAP THEN DROP ;
: 1+      ( n -- n+1 )              1 + ;
: 1-      ( n -- n-1 )              1 - ;
: 2*      ( n -- 2n )               1 LSHIFT ;
: 2/      ( n -- n/2 )              1 ARSHIFT ; \ rounds down
: /MOD    ( a b -- rem quot )       2DUP MOD -ROT / ;
: WITHIN  ( n lo hi -- flag )       OVER - >R - R> U< ;

\ Addresses.
: CELL+   ( addr -- addr+8 )        8 + ;
: FLOAT+  ( addr -- addr+float )    1 FLOATS + ;

\ Floats.
: FSQUARE ( x -- x*x )              DUP F* ;
: FDUP    ( x -- x x )              DUP ;
: FDROP   ( x -- )                  DROP ;
: FSWAP   ( x y -- y x )            SWAP ;
: FOVER   ( x y -- x y x )          OVER ;
: F0=     ( x -- flag )             0.0 F= ;
: F0<     ( x -- flag )             0.0 F< ;
: 1/F     ( x -- 1/x )              1.0 SWAP F/ ;

\ Warp reductions: every lane of a full warp gets the warp's total.
\ (A butterfly of SHFL-XOR; lanes of a partial warp read undefined values
\ on the GPU, so use them on full warps.)
: WARP-SUM  ( n -- sum )
  DUP 16 SHFL-XOR +  DUP 8 SHFL-XOR +  DUP 4 SHFL-XOR +
  DUP 2 SHFL-XOR +   DUP 1 SHFL-XOR + ;
: WARP-MAX  ( n -- max )
  DUP 16 SHFL-XOR MAX  DUP 8 SHFL-XOR MAX  DUP 4 SHFL-XOR MAX
  DUP 2 SHFL-XOR MAX   DUP 1 SHFL-XOR MAX ;
: FWARP-SUM ( x -- sum )
  DUP 16 FSHFL-XOR F+  DUP 8 FSHFL-XOR F+  DUP 4 FSHFL-XOR F+
  DUP 2 FSHFL-XOR F+   DUP 1 FSHFL-XOR F+ ;
: FWARP-MAX ( x -- max )
  DUP 16 FSHFL-XOR FMAX  DUP 8 FSHFL-XOR FMAX  DUP 4 FSHFL-XOR FMAX
  DUP 2 FSHFL-XOR FMAX   DUP 1 FSHFL-XOR FMAX ;

\ Tensor cores at f32 accuracy ("3xTF32", what cuBLAS and PyTorch do for
\ f32 on tensor cores): each operand x = big + small (TF32-SPLIT), and
\ A*B ~ small*big + big*small + big*big (small*small is below f32
\ rounding). Three MMA-TF32s, the small products first.
\ MMA-3XTF32-PARTS takes operands split already (a kernel that reuses an
\ operand, say a tile in shared memory, splits it once);
\ MMA-3XTF32 splits its own (LLVM shares the split of an operand that
\ several calls use).
: MMA-3XTF32-PARTS { x0 x1 x2 x3 s0 s1 s2 s3 y0 y1 r0 r1 c0 c1 c2 c3
                     -- d0 d1 d2 d3 }
  s0 s1 s2 s3 y0 y1 c0 c1 c2 c3 MMA-TF32 { e0 e1 e2 e3 }
  x0 x1 x2 x3 r0 r1 e0 e1 e2 e3 MMA-TF32 { f0 f1 f2 f3 }
  x0 x1 x2 x3 y0 y1 f0 f1 f2 f3 MMA-TF32 ;
: MMA-3XTF32 { a0 a1 a2 a3 b0 b1 c0 c1 c2 c3 -- d0 d1 d2 d3 }
  a0 TF32-SPLIT { x0 s0 }  a1 TF32-SPLIT { x1 s1 }
  a2 TF32-SPLIT { x2 s2 }  a3 TF32-SPLIT { x3 s3 }
  b0 TF32-SPLIT { y0 r0 }  b1 TF32-SPLIT { y1 r1 }
  x0 x1 x2 x3 s0 s1 s2 s3 y0 y1 r0 r1 c0 c1 c2 c3 MMA-3XTF32-PARTS ;

\ q = ceil(a/b), integer division rounding up, for b > 0 (any a): grid
\ and tile counts.
\ No a+b-1 that could overflow; b = 0 gives 0, as / does.
: CEIL-DIV ( a b -- q )            2DUP / -ROT MOD 0> - ;

\ Activations, in the float mode: s = sigmoid(x) = 1/(1+e^-x), y = gelu(x).
\ FEXP is ex2.approx in f32 mode, so these are within a few ulp; -inf gives
\ NaN in FSILU and FGELU (-inf times 0).
: FSIGMOID ( x -- s )               FNEG FEXP 1.0 F+ 1/F ;
: FSILU   ( x -- x*s )              DUP FSIGMOID F* ;
\ GELU, tanh form (PyTorch's approximate='tanh').
: FGELU   ( x -- y )
  DUP DUP DUP F* F* 0.044715 F* OVER F+ 0.7978845608028654 F* FTANH
  1.0 F+ F* 0.5 F* ;
\ GELU, erf form (PyTorch's default): x/2 * (1 + erf(x/sqrt(2))).
: FGELU-ERF ( x -- y )
  DUP 0.7071067811865476 F* FERF 1.0 F+ F* 0.5 F* ;

\ Two log-sum-exp states into one, as flash attention's running max m and
\ sum l of exp(x - m): m = max(m1, m2), l = l1*e^(m1-m) + l2*e^(m2-m). A
\ state whose max is the larger one is not rescaled, so two -inf maxima
\ (nothing seen yet) give (-inf, l1+l2), never -inf - -inf = NaN. A NaN max
\ makes l NaN.
: FLSE-COMBINE ( m1 l1 m2 l2 -- m l )
  { m1 l1 m2 l2 }
  m1 m2 FMAX { m }
  m
  m1 m F= IF l1 ELSE l1 m1 m F- FEXP F* THEN
  m2 m F= IF l2 ELSE l2 m2 m F- FEXP F* THEN  F+ ;

\ Blocks of any shape and size (up to 1024 threads, a partial last warp
\ included).
: BLOCK-THREADS ( -- n )            BDIM-X BDIM-Y * BDIM-Z * ;
\ The lanes of this thread's warp that exist: 32, except in the last warp
\ of a block whose size is not a multiple of 32.
: WARP-LANES ( -- n )               BLOCK-THREADS WARP-ID 32 * - 32 MIN ;

\ Block-wide reductions: every thread of the block calls them (they hold
\ BARRIERs) and gets the same result. SCRATCH is a shared array of 32
\ floats of the float mode that the kernel declares (`\! shared RED
\ f32[32]`, f64[32] in f64 mode) and lends to them; one array serves any
\ number of calls. Each warp folds its lanes into lane 0 by shuffles that
\ read only lanes that exist, lane 0 stores the warp's value, and every
\ thread folds the warps' values in the same order. The first BARRIER
\ waits until every thread has read the previous call's values, so calls
\ may follow each other; after a call other threads may still be reading
\ SCRATCH: BARRIER before storing anything else into it.
: FBLOCK-SUM ( x scratch -- sum )
  { scratch }  WARP-LANES { n }
  5 0 UNROLL DO
    DUP  LANE-ID 16 I RSHIFT +  n 1- MIN  FSHFL-IDX
    LANE-ID 16 I RSHIFT + n < IF F+ ELSE DROP THEN
  LOOP
  BARRIER
  LANE-ID 0= IF WARP-ID FLOATS scratch + SF! ELSE DROP THEN
  BARRIER
  scratch SF@  BLOCK-THREADS 31 + 32 / 1 ?DO I FLOATS scratch + SF@ F+ LOOP ;
\ The same with FMAX (a NaN is skipped unless every value is NaN).
: FBLOCK-MAX ( x scratch -- max )
  { scratch }  WARP-LANES { n }
  5 0 UNROLL DO
    DUP  LANE-ID 16 I RSHIFT +  n 1- MIN  FSHFL-IDX
    LANE-ID 16 I RSHIFT + n < IF FMAX ELSE DROP THEN
  LOOP
  BARRIER
  LANE-ID 0= IF WARP-ID FLOATS scratch + SF! ELSE DROP THEN
  BARRIER
  scratch SF@  BLOCK-THREADS 31 + 32 / 1 ?DO I FLOATS scratch + SF@ FMAX LOOP ;
