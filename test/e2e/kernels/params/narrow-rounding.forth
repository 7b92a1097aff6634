\ f16 and bf16 param values given as decimal text must be rounded once from
\ the exact value to the 16-bit format: 1.0004882812500009 (just above the
\ midpoint of 1 and 1+2^-10) is f16 1.0009765625, shown as 1.0009766;
\ 1.0039062500000009 is bf16 1.0078125 (Python: struct 'e', 8-bit mantissa
\ rounding). Plain values round as expected.
\! kernel main
\! param H f16[2]
\! param B bf16[2]
H DROP
\ E2E: --param H=0.1,65519 --param B=0.1,-1e-3 --output-param H
\ EXPECT: 0.099975586,65504
\ E2E: --param H=0.1,65519 --param B=0.1,-1e-3 --output-param B
\ EXPECT: 0.100097656,-0.0009994507
\ E2E: --param H=1.0004882812500009,1 --param B=1.0039062500000009,1 --output-param H
\ EXPECT: 1.0009766,1
\ E2E: --param H=1.0004882812500009,1 --param B=1.0039062500000009,1 --output-param B
\ EXPECT: 1.0078125,1
