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
: 2/      ( n -- n/2, rounding down ) 1 ARSHIFT ;
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
