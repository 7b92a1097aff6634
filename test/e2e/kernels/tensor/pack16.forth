\ F>BF16X2 and F>F16X2 pack two floats into one cell of two 16-bit values
\ (element 0 in the low half), rounded to nearest even (cvt.rn); a NaN
\ becomes the canonical NaN 0x7FFF. BF16X2>F and F16X2>F unpack exactly.
\ The inputs cover ties (1+2^-8 and 1+3*2^-8 in bf16; 2^-25, 2^-24 in
\ f16), overflow (65520 in f16), subnormals (1e-40 in bf16, 3e-8 in f16),
\ infinities, NaN and -0. Expected: numpy float16 and ml_dtypes bfloat16
\ conversions (round to nearest even), NaN bits 0x7FFF; P holds the
\ 32-bit pairs unsigned, U the unpacked floats (bf16 first, then f16).
\! kernel pack16
\! float f32
\! param X f32[16]
\! param P i64[16]
\! param U f32[32]
8 0 DO
  X I 8 * + F32@  X I 8 * 4 + + F32@  { x0 x1 }
  x0 x1 F>BF16X2 4294967295 AND { b }
  x0 x1 F>F16X2 4294967295 AND { h }
  b P I CELLS + !  h P I 8 + CELLS + !
  b BF16X2>F  U I 8 * 4 + + F32!  U I 8 * + F32!
  h F16X2>F  U I 8 * 68 + + F32!  U I 8 * 64 + + F32!
LOOP
\ E2E: --param X=1.0,-2.5,1.00390625,1.01171875,65504.0,65520.0,9.99994610111476e-41,2.999999892949745e-08,inf,-inf,nan,-0.0,0.10000000149011612,-1000000.0,5.960464477539063e-08,2.9802322387695312e-08 --param P=zeros --param U=zeros --output-param P --output-count 16
\ EXPECT: 3223338880,1065500544,1199589248,855703553,4286611328,2147516415,3379838413,855651200,3238018048,1007434756,2080406527,65536,4227890176,2147516415,4227870310,1
\ E2E: --param X=1.0,-2.5,1.00390625,1.01171875,65504.0,65520.0,9.99994610111476e-41,2.999999892949745e-08,inf,-inf,nan,-0.0,0.10000000149011612,-1000000.0,5.960464477539063e-08,2.9802322387695312e-08 --param P=zeros --param U=zeros --output-param U --output-count 32
\ EXPECT-APPROX: 1.0,-2.5,1.0,1.015625,65536.0,65536.0,9.183549615799121e-41,3.003515303134918e-08,inf,-inf,nan,-0.0,0.10009765625,-999424.0,5.960464477539063e-08,2.9802322387695312e-08,1.0,-2.5,1.00390625,1.01171875,65504.0,inf,0.0,5.960464477539063e-08,inf,-inf,nan,-0.0,0.0999755859375,-inf,5.960464477539063e-08,0.0
