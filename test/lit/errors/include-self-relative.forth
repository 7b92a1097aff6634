\ The same self-include, compiled by a relative path from its folder:
\ the cycle must still be reported at once, and nothing else.
\
\ BUG: the main file is registered under the path given on the command
\ line, while INCLUDE compares canonical paths (Parser.cpp parseInclude),
\ so the first self-INCLUDE is not seen as a cycle: the file is read a
\ second time and its header directives are reported as "directive after
\ code" before the cycle is found one level deeper.
\ RUN: cd %S && %not %warpforthc include-self-relative.forth 2>&1 | FileCheck %s

\! kernel k
INCLUDE include-self-relative.forth
\ CHECK-NOT: directive after code
\ CHECK: {{^}}include-self-relative.forth:[[@LINE-2]]:9: error: INCLUDE cycle: 'include-self-relative.forth' is already being included
\ CHECK-NOT: directive after code
