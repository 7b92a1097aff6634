\! kernel k
: W 3 MIN ;
0> W
