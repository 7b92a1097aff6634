\ Found through -I lib/more.
: TRIPLE ( n -- 3n ) 3 * ;
