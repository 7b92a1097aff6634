\! kernel k
\! param P i64[1]
: A 1 1 1 1 1 1 1 1 ;
: B A A A A A A A A ;
: C B B B B B B B B ;
: R P @ PICK P @ ROLL ;
: R2 R R R R R R R R ;
: R3 R2 R2 R2 R2 R2 R2 R2 R2 ;
C C C C R3 R3 R3 R3 R3 R3
