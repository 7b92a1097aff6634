\ Part of an INCLUDE cycle (errors/include-cycle.forth): a -> b -> a.
: FROM-A 1 ;
INCLUDE cycle-b.forth
