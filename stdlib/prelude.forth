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
