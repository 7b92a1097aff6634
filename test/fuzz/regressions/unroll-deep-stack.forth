\! kernel k
: A 1 1 1 1 1 1 1 1 ;
: B A A A A A A A A ;
: C B B B B B B B B ;
C C C C UNROLL 4096 0 DO UNROLL 4096 0 DO LOOP LOOP
