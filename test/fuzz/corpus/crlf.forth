\! kernel crlf
\! param P i64[4]
: TWICE ( n -- 2n ) DUP + ;
1 TWICE P !
