\ HF! and BF! in f64 mode must round the f64 value once, straight to the
\ 16-bit format. 1 + 2^-11 + 2^-50 lies just above the midpoint between the
\ f16 values 1.0 and 1 + 2^-10, so it rounds up to 1.0009765625;
\ 1 + 2^-8 + 2^-50 likewise rounds up to bf16 1.0078125 (Python:
\ struct.pack('e', ...) and an 8-bit mantissa rounding). The values come
\ both from literals and from an f64 param.
\! kernel main
\! param X f64[2]
\! param H f16[2]
\! param B bf16[2]
1.0004882812500009 H HF!
X F@ H 2 + HF!
1.0039062500000009 B BF!
X 8 + F@ B 2 + BF!
\ E2E: --param X=1.0004882812500009,1.0039062500000009 --param H=zeros --param B=zeros --output-param H
\ EXPECT: 1.0009766,1.0009766
\ E2E: --param X=1.0004882812500009,1.0039062500000009 --param H=zeros --param B=zeros --output-param B
\ EXPECT: 1.0078125,1.0078125
