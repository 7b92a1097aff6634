\ UNROLL applies to the DO right after it; anything else in between, or
\ nothing at all, is an error.
\
\ BUG: Parser.cpp checks what follows UNROLL only for word tokens that
\ reach the control-word lookup: numbers (UNROLL 4 0 DO), ':' and other
\ syntax words skip the check, so 'UNROLL 4 0 DO' is accepted, 'UNROLL :
\ W 4 0 DO' unrolls the DO inside the next definition, and an UNROLL at the
\ end of the file is silently ignored.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
UNROLL 4 0 DO LOOP
\ CHECK: {{.*}}:[[@LINE-1]]:1: error: UNROLL must be followed by DO or ?DO
UNROLL : W 4 0 DO LOOP ;
\ CHECK: {{.*}}:[[@LINE-1]]:1: error: UNROLL must be followed by DO or ?DO
W UNROLL
\ CHECK: {{.*}}:[[@LINE-1]]:3: error: UNROLL must be followed by DO or ?DO
