\ Included by words/include.forth (not a test itself: the runner only
\ collects *.forth files).
: SQUARE ( n -- n*n ) DUP * ;
: POLY ( x -- x^2+3x+1 ) DUP SQUARE SWAP 3 * + 1+ ;
