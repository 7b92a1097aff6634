\ The host polls loop headers for timeouts and Ctrl-C (docs/runtime.md),
\ except DO loops whose bounds (and +LOOP step) are constants close
\ together: they end by themselves. The IR marks each header.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
\! param N i64
0 8 0 DO I + LOOP
\ CHECK: ; loop 'DO', bounded (no poll)
N 0 DO I + LOOP
\ CHECK: ; loop 'DO', polled
16 0 DO I + 2 +LOOP
\ CHECK: ; loop 'DO', bounded (no poll)
16 0 DO I + N +LOOP
\ CHECK: ; loop 'DO', polled
BEGIN DUP 100 < WHILE 1+ REPEAT
\ CHECK: ; loop 'BEGIN', polled
A !
