\ A local declared inside a structure (IF, ELSE, DO, BEGIN) stays visible
\ to the end of its definition; where it hides an earlier local of the
\ same name, a use after the structure closed means the inner one (its
\ value, or 0 where that code never ran), which is almost surely a slip:
\ a warning, once per local. Uses inside the structure, a second loop's
\ own declaration, and a BEGIN ... WHILE loop's locals after WHILE are not.
\ RUN: %warpforthc %s -o %t.ptx 2>&1 | FileCheck %s --implicit-check-not=warning

\! kernel k
\! param A i64[8]
\! param N i64
: twice ( n -- m )
  { x }  x 0> IF  x 2* { x }  x A !  THEN
  x ;
\ CHECK: local-closed-shadow.forth:[[@LINE-1]]:3: warning: 'x' here is the local declared on line [[@LINE-2]] inside a structure that has closed, not the one declared on line [[@LINE-2]], which it hides to the end of the definition (rename one)
1 { h0 }
N 0 DO
  N 2 > IF  2 { h0 }  h0 A !  THEN
  h0 A I CELLS + !
\ CHECK: local-closed-shadow.forth:[[@LINE-1]]:3: warning: 'h0' here is the local declared on line [[@LINE-2]] inside a structure that has closed, not the one declared on line [[@LINE-4]], which it hides to the end of the definition (rename one)
LOOP
h0 A !
5 TO h0
2 0 DO  I { r }  r A !  LOOP
2 0 DO  I { r }  r A !  LOOP
0 BEGIN  DUP { c }  c 4 < WHILE  c A !  1+  REPEAT DROP
N 1 > IF  3 { e }  e A !  ELSE  4 { e }  e A !  THEN
7 { f }
N 0> IF  8 { f }  f A !  ELSE  f A !  THEN
\ CHECK: local-closed-shadow.forth:[[@LINE-1]]:32: warning: 'f' here is the local declared on line [[@LINE-1]] inside a structure that has closed, not the one declared on line [[@LINE-2]], which it hides to the end of the definition (rename one)
N twice A !
