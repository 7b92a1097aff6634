\! kernel lerp
\! param N i64
\! param A f64[N]
\! param B f64[N]
\! param T f64
( a word with locals, TO and a zero-initialised local )
: MIX { a b t | tmp -- c } b a F- t F* TO tmp a tmp F+ ;
: CLAMP {: x lo hi :} x lo MAX hi MIN ;
GLOBAL-ID N 1- 0 CLAMP { i }
i FLOATS A + F@ i FLOATS B + F@ T MIX i FLOATS A + F!
