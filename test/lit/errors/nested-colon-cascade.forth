\ A rejected nested ':' should be the only error: the name after it is
\ part of the bad definition, not an unknown word.
\
\ BUG: Parser.cpp startDefinition returns on a nested ':' without consuming
\ the name that follows, so a second, misleading error follows:
\ "unknown word 'INNER'; did you mean 'INVERT'?".
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
: OUTER 1 : INNER 2 ; DROP
\ CHECK: error: ':' inside the definition of 'OUTER' (definitions cannot nest)
\ CHECK-NOT: unknown word 'INNER'
