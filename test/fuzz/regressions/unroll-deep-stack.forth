\! kernel k
: A 1 1 1 1 1 1 1 1 ;
: B A A A A A A A A ;
: C B B B B B B B B ;
C C C C 4096 0 UNROLL DO 4096 0 UNROLL DO LOOP LOOP
