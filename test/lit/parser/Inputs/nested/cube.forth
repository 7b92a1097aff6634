\ Included from Inputs/square.forth: found next to the including file.
: CUBE DUP SQUARE * ;
