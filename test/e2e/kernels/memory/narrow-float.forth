\ HF@ HF! (f16), BF@ BF! (bf16), F32@ F32! (f32) on params of those element
\ types: loads widen exactly to the f64 slot, stores round to nearest
\ (even), overflow gives inf. Expected values from Python: struct 'e' and
\ 'f' for f16 and f32, bf16 by rounding the mantissa to 8 bits; the
\ narrow arrays print in float's shortest form.
\! kernel main
\! param H f16[8]
\! param B bf16[8]
\! param F f32[8]
\! param OUT f64[8]
: >OUT ( x i -- ) FLOATS OUT + F! ;
H HF@        0 >OUT
H 2 + HF@    1 >OUT
B BF@        2 >OUT
B 2 + BF@    3 >OUT
F F32@       4 >OUT
F 4 + F32@   5 >OUT
H 2 + HF@ 2.0 F* H 4 + HF!
1.0e10 H 6 + HF!
0.1 H 8 + HF!
65519.0 H 10 + HF!
B 2 + BF@ 3.0 F* B 4 + BF!
0.1 B 6 + BF!
-1.0e-3 B 8 + BF!
F 4 + F32@ 0.5 F* F 8 + F32!
0.1 F 12 + F32!
1.0e300 F 16 + F32!
H 8 + HF@    6 >OUT
B 6 + BF@    7 >OUT
\ Loads: 1.5 -2.5 0.15625 -1.75 f32(0.1) 3.25 f16(0.1) bf16(0.1)
\ E2E: --param H=1.5,-2.5 --param B=0.15625,-1.75 --param F=0.1,3.25 --param OUT=zeros --output-param OUT
\ EXPECT: 1.5,-2.5,0.15625,-1.75,0.10000000149011612,3.25,0.0999755859375,0.10009765625
\ f16 stores: -2.5*2, 1e10 -> inf, 0.1 -> 0.0999755859375, 65519 -> 65504
\ E2E: --param H=1.5,-2.5 --param B=0.15625,-1.75 --param F=0.1,3.25 --param OUT=zeros --output-param H
\ EXPECT: 1.5,-2.5,-5,inf,0.099975586,65504,0,0
\ bf16 stores: -1.75*3 = -5.25, 0.1 -> 0.10009765625, -1e-3 -> -0.00099945068359375
\ E2E: --param H=1.5,-2.5 --param B=0.15625,-1.75 --param F=0.1,3.25 --param OUT=zeros --output-param B
\ EXPECT: 0.15625,-1.75,-5.25,0.100097656,-0.0009994507,0,0,0
\ f32 stores: 3.25*0.5, 0.1, 1e300 -> inf
\ E2E: --param H=1.5,-2.5 --param B=0.15625,-1.75 --param F=0.1,3.25 --param OUT=zeros --output-param F
\ EXPECT: 0.1,3.25,1.625,0.1,inf,0,0,0
