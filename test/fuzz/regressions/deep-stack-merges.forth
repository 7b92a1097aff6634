\! kernel k
: A 1 1 1 1 1 1 1 1 ;
: B A A A A A A A A ;
: C B B B B B B B B ;
: M TID-X IF THEN ;
: M2 M M M M M M M M ;
: M3 M2 M2 M2 M2 M2 M2 M2 M2 ;
: M4 M3 M3 M3 M3 M3 M3 M3 M3 ;
C C C C M4 M4 M4 M4
