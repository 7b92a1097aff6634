\ Scalars must fit their param's type; the signed and the unsigned range of
\ the width are accepted (a bit pattern such as 255 for an i8 is allowed,
\ runtime/LaunchCheck.cpp), beyond that is an error.
\! kernel main
\! param A i8
\! param B i32
\! param OUT i64[2]
A OUT !  B OUT 8 + !
\ E2E: --param A=255 --param B=0xFFFFFFFF --param OUT=zeros --output-param OUT
\ EXPECT: -1,-1
\ E2E: --param A=-128 --param B=-2147483648 --param OUT=zeros --output-param OUT
\ EXPECT: -128,-2147483648
\ E2E-ERROR: --param A=300 --param B=0 --param OUT=zeros
\ EXPECT-STDERR: param 'A': value 300 does not fit in i8
\ E2E-ERROR: --param A=0 --param B=-2147483649 --param OUT=zeros
\ EXPECT-STDERR: param 'B': value -2147483649 does not fit in i32
