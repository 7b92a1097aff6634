\ Part of an INCLUDE cycle (errors/include-cycle.forth): b -> a.
: FROM-B 2 ;
INCLUDE cycle-a.forth
