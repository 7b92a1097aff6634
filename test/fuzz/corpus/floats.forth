\! kernel floats
\! param X f64[4]
\! param Y bf16[4]
\! param Z f16[4]
\! param S i8[4]
\! param T i16[4]
X F@ FSQRT FEXP FLOG FABS FNEG FTANH FLOOR 2.0 F** 1.5 FMAX 0.5e1 FMIN
DUP F0= IF 1/F THEN FSQUARE F>S S>F
DUP Y BF! DUP Z HF! Y BF@ Z HF@ F+ F32@ DROP
X 8 + F32! 1 S I8! S I8@ T I16! T I16@ DROP
X F@ 0.0 F< X F@ 1.0 F>= AND X F@ 2.0 F<> OR X F@ X F@ F= F<= DROP
