\ I32+ and I32- add/subtract the low 32 bits and sign-extend the result:
\ 2147483647 1 I32+ wraps to -2147483648, -2147483648 1 I32- to 2147483647,
\ and on run-time values they are words, not numbers.
\
\ XFAIL: *
\ BUG: the lexer reads '+32' and '-32' as the integer literals 32 and I32-
\ (Lexer.cpp classifyNumber accepts a leading sign), so the primitives I32+
\ and I32- of Primitives.def can never be used: '2147483647 1 I32+' pushes 32
\ and leaves three items, and nothing warns.
\ RUN: %warpforthc %s --emit tokens | FileCheck %s --check-prefix=TOK
\ RUN: %warpforthc %s --emit llvm | FileCheck %s

\! kernel k
\! param A i64[8]
\! param IN i64[2]
2147483647 1 I32+ A !
-2147483648 1 I32- A 8 + !
IN @ IN 8 + @ I32+ A 16 + !

\ TOK: word I32+
\ TOK: word I32-
\ CHECK: store i64 -2147483648,
\ CHECK: store i64 2147483647,
\ CHECK: add i32
