\ --no-prelude compiles without the stdlib words: a prelude word is then
\ unknown (with a suggestion), while primitives still work.
\ RUN: %not %warpforthc %s --no-prelude 2>&1 | FileCheck %s
\ RUN: %warpforthc %s --emit ast | FileCheck %s --check-prefix=PRELUDE

\! kernel k
1 2 2DUP DROP DROP DROP DROP

\ CHECK: no-prelude.forth:[[@LINE-2]]:5: error: unknown word '2DUP'; did you mean 'DUP'?
\ PRELUDE: call 2DUP
