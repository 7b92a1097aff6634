\ Scalar params of every type, passed by value: integers sign-extend to a
\ cell, floats convert to the f64 slot exactly (f16 0.1 is
\ 0.0999755859375, bf16 0.1 is 0.10009765625, f32 0.1 is
\ 0.10000000149011612: Python struct / mantissa rounding). Given by name,
\ positionally with types, and mixed.
\! kernel main
\! param A i8
\! param B i16
\! param C i32
\! param D i64
\! param E f16
\! param F bf16
\! param G f32
\! param H f64
\! param OUT i64[4]
\! param FOUT f64[4]
A OUT !   B OUT 8 + !   C OUT 16 + !   D OUT 24 + !
E FOUT F!   F FOUT 8 + F!   G FOUT 16 + F!   H FOUT 24 + F!
\ E2E: --param A=-128 --param B=-32768 --param C=2147483647 --param D=-9223372036854775808
\ E2E+: --param E=0.1 --param F=0.1 --param G=0.1 --param H=0.1 --param OUT=zeros --param FOUT=zeros --output-param OUT
\ EXPECT: -128,-32768,2147483647,-9223372036854775808
\ E2E: --param A=-128 --param B=-32768 --param C=2147483647 --param D=-9223372036854775808
\ E2E+: --param E=0.1 --param F=0.1 --param G=0.1 --param H=0.1 --param OUT=zeros --param FOUT=zeros --output-param FOUT
\ EXPECT: 0.0999755859375,0.10009765625,0.10000000149011612,0.1
\ Positional, with the public runner's typed forms.
\ E2E: --param i8:127 --param i16:-2 --param i32:-2147483648 --param i64:9223372036854775807
\ E2E+: --param f16:-65504 --param bf16:3.0e38 --param f32:-2.5 --param f64:1e-300 --param 'i64[4]' --param 'f64[4]' --output-param 8
\ EXPECT: 127,-2,-2147483648,9223372036854775807
\ bf16 of 3e38 (8-bit mantissa rounding in Python) is 3.00405527047391e+38.
\ E2E: --param i8:127 --param i16:-2 --param i32:-2147483648 --param i64:9223372036854775807
\ E2E+: --param f16:-65504 --param bf16:3.0e38 --param f32:-2.5 --param f64:1e-300 --param 'i64[4]' --param 'f64[4]' --output-param 9
\ EXPECT: -65504,3.00405527047391e+38,-2.5,1e-300
\ Mixed: positional fill in header order around the named ones; an integer
\ value for a float param is accepted.
\ E2E: --param H=2 --param 1 --param 2 --param 3 --param 4 --param 5 --param 6 --param 7 --param OUT=zeros --param FOUT=zeros --output-param FOUT
\ EXPECT: 5,6,7,2
