\ Hex bit patterns for i64 values: the compiler reads 0xFFFFFFFFFFFFFFFF as
\ -1, and warpforth-run accepts 0xFFFFFFFF for an i32 scalar (the unsigned
\ range of the width, errors/scalar-range.forth), so 64-bit patterns above
\ 0x7FFFFFFFFFFFFFFF should be accepted for i64 values too.
\! kernel main
\! param A i64[2]
\! param N i64
\! param OUT i64[3]
A @ OUT !  A 8 + @ OUT 8 + !  N OUT 16 + !  0xFFFFFFFFFFFFFFFF DROP
\ Below 2^63 they work.
\ E2E: --param A=0x7FFFFFFFFFFFFFFF,0x10 --param N=0x20 --param OUT=zeros --output-param OUT
\ EXPECT: 9223372036854775807,16,32
\ E2E: --param A=0xFFFFFFFFFFFFFFFF,0x8000000000000000 --param N=0xFF00FF00FF00FF00 --param OUT=zeros --output-param OUT
\ EXPECT: -1,-9223372036854775808,-71777214294589696
