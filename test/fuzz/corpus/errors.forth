\! kernel oops
\! param P i64[
\! shared S f32[X]
: BAD IF ; FOO
1 2 + +
BEGIN 1 AGAIN THEN
LEAVE R> ELSE
