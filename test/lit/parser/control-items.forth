\ Every control word parses to a control item in order; nesting is checked
\ by the parser (errors/ covers mismatches).
\ RUN: %warpforthc %s --emit ast | FileCheck %s

\! kernel k
: W 10 0 ?DO I 5 = IF LEAVE ELSE UNLOOP EXIT THEN 2 +LOOP ;
1 IF BEGIN 0 UNTIL BEGIN 1 WHILE REPEAT BEGIN AGAIN THEN
4 0 DO LOOP

\ CHECK: control ?DO
\ CHECK: control IF
\ CHECK: control LEAVE
\ CHECK: control ELSE
\ CHECK: control UNLOOP
\ CHECK: control EXIT
\ CHECK: control THEN
\ CHECK: control +LOOP
\ CHECK: body
\ CHECK: control IF
\ CHECK: control BEGIN
\ CHECK: control UNTIL
\ CHECK: control BEGIN
\ CHECK: control WHILE
\ CHECK: control REPEAT
\ CHECK: control BEGIN
\ CHECK: control AGAIN
\ CHECK: control THEN
\ CHECK: control DO
\ CHECK: control LOOP
