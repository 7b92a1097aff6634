\ A header name I, J or K inside enough nested DO loops means the header
\ name, not the loop index: a warning says so at each such use (and only
\ there: outside the loops K is plainly the param).
\ RUN: %warpforthc %s -o %t.ptx 2>&1 | FileCheck %s --implicit-check-not=warning

\! kernel k
\! param K i64[4]
\! const J 2
3 0 DO 2 0 DO 2 0 DO K DROP J DROP LOOP LOOP LOOP
\ CHECK: header-hides-loop-index.forth:[[@LINE-1]]:22: warning: 'K' is the header name 'K' here, not the index of the loop 3 out (a header name hides the word)
\ CHECK: header-hides-loop-index.forth:[[@LINE-2]]:29: warning: 'J' is the header name 'J' here, not the index of the loop 2 out (a header name hides the word)
5 0 DO K DROP LOOP
K DROP
