\ A '( ... )' comment is a comment everywhere, also after a directive's
\ parts, as a '\' comment is.
\
\ BUG: Lexer.cpp readDirective only recognises '\' comments; '(' and the
\ comment's words become directive parts and are glued into the type:
\ "unknown type 'i64(rows)'", "missing ']' in 'f32[N](data)'", and the
\ kernel line gives "unexpected '(' after kernel name".
\ RUN: %warpforthc %s --emit ast | FileCheck %s

\! kernel k ( the entry point )
\! param N i64 ( rows )
\! param A f32[N] ( data )
N DROP

\ CHECK:      kernel k float f64
\ CHECK-NEXT:   param N i64
\ CHECK-NEXT:   param A f32[N]
