\! kernel t
\! float f32
\! const W 2
\! launch-bounds 32*W 2
\! param X f32[64]
\! reg AC f32[4]
: frag ( -- x0 .. x9 )  10 0 UNROLL DO X I 4 * + F@ LOOP ;
frag MMA-TF32 3 AC! 2 AC! 1 AC! 0 AC!
frag MMA-3XTF32 X 4F!
X F@ F>TF32 FEXP2 TF32-SPLIT F+ X F!
