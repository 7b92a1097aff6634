\ Locals: { a b -- } binds from the stack (first name = deepest), names
\ after | start at zero, TO assigns (also inside IF and DO), {: :} is the
\ Forth-2012 form, float locals, and locals in the kernel body.
\! kernel main
\! param IN i64[4]
\! param OUT i64[16]
\! param FOUT f64[2]
: >OUT ( n i -- ) CELLS OUT + ! ;
: AXPY { a x y | t -- r }  a x * y + TO t t ;
: SUB2 {: p q :}  p q - ;
: ZERO-INIT { a | z w -- }  z w + a + ;
: SUM-BELOW { n | acc -- }  n 0 ?DO acc I + TO acc LOOP acc ;
: CLAMP { v lo hi -- }  v lo < IF lo TO v THEN v hi > IF hi TO v THEN v ;
: HYP { x y -- } x x F* y y F* F+ FSQRT ;
IN @ { a }  IN 8 + @ { b }  IN 16 + @ { c }
a b c AXPY      0 >OUT
a b SUB2        1 >OUT
a ZERO-INIT     2 >OUT
c SUM-BELOW     3 >OUT
a 0 10 CLAMP    4 >OUT
b 0 10 CLAMP    5 >OUT
c 0 10 CLAMP    6 >OUT
a S>F b S>F HYP FOUT 8 + F!
a TO b  b c + 7 >OUT
a S>F b S>F { x y }  x y F+ FOUT F!
\ a=3 b=4 c=12: 3*4+12=24, 3-4=-1, 3, 0+..+11=66, clamp 3 4 10, b:=a -> 3+12
\ E2E: --param IN=3,4,12 --param OUT=zeros --param FOUT=zeros --output-param OUT --output-count 8
\ EXPECT: 24,-1,3,66,3,4,10,15
\ a=-5 b=20 c=0: -100+0, -25, -5, 0 (empty ?DO), clamp 0 10 0, -5+0
\ E2E: --param IN=-5,20,0 --param OUT=zeros --param FOUT=zeros --output-param OUT --output-count 8
\ EXPECT: -100,-25,-5,0,0,10,0,-5
\ Float locals: a+b after b := a, so 2a; HYP(3,4) = 5.
\ E2E: --param IN=3,4,12 --param OUT=zeros --param FOUT=zeros --output-param FOUT
\ EXPECT: 6,5
