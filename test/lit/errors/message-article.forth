\ The mismatch message names the expected opener with the right article:
\ "close an IF or WHILE".
\
\ BUG: Parser.cpp popControl builds "expected it to close a " + opener, so
\ THEN and ELSE say "close a IF or WHILE" / "close a IF".
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
BEGIN 1 THEN
\ CHECK: error: THEN does not match the innermost open BEGIN (line [[@LINE-1]]); expected it to close an IF or WHILE
