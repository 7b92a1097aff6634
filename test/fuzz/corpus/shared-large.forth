\! kernel s
\! float f32
\! const N 16384
\! param X f32[4]
\! shared A f32[N]
\! shared B i32[8]
\! shared C f32[]
TID-X FLOATS { at }
1.0 A at + SF!  2 B SI32!  3.0 C SF!
BARRIER
A SF@ B SI32@ S>F F+ C SF@ F+ X F!
