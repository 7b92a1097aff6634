\! kernel consts
\! const N 64
\! const M N*2-1
\! const PI 3.14159
\! param OUT f64[M]
\! float f64
100 CONSTANT HUNDRED
0.5 CONSTANT HALF
$ff 0x10 + HUNDRED + S>F PI F* HALF F+ OUT F!
