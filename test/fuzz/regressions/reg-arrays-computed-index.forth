\! kernel k
\! param P i64[1]
\! reg R f32[1024]
: M P @ R@ DROP 1.0 P @ R! ;
: M2 M M M M M M M M ;
: M3 M2 M2 M2 M2 M2 M2 M2 M2 ;
: M4 M3 M3 M3 M3 M3 M3 M3 M3 ;
M4 M4 M4 M4 M4 M4 M4 M4
