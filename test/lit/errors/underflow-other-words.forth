\ Underflow is checked for every kind of consumer: DO needs 2, IF and
\ UNTIL a flag, locals their values, TO a value. Underflow makes the rest
\ of its path unchecked, so each case sits in its own IF (the skipping path
\ goes on).
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
\! param A i64[4]
: W1 DO LOOP ;
\ CHECK: {{.*}}:[[@LINE-1]]:6: error: stack underflow: 'DO' needs 2 items but the stack holds 0 (in 'W1')
: W2 IF THEN ;
\ CHECK: {{.*}}:[[@LINE-1]]:6: error: stack underflow: 'IF' needs 1 item but the stack holds 0 (in 'W2')
: W3 1 { a b } ;
\ CHECK: {{.*}}:[[@LINE-1]]:8: error: stack underflow: '{' needs 2 items but the stack holds 1 (in 'W3')
: W4 0 { a } TO a ;
\ CHECK: {{.*}}:[[@LINE-1]]:17: error: stack underflow: 'a' needs 1 item but the stack holds 0 (in 'W4')
: W5 BEGIN UNTIL ;
\ CHECK: {{.*}}:[[@LINE-1]]:12: error: stack underflow: 'UNTIL' needs 1 item but the stack holds 0 (in 'W5')
A @ IF W1 THEN  A @ IF W2 THEN  A @ IF W3 THEN  A @ IF W4 THEN  A @ IF W5 THEN
F!
\ CHECK: {{.*}}:[[@LINE-1]]:1: error: stack underflow: 'F!' needs 2 items but the stack holds 0{{$}}
