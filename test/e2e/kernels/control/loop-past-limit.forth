\ Loops whose start is already past the limit, with bounds known only at
\ run time (docs/language.md, "C-like loop ends"): ?DO skips them, in the
\ direction of the step (a negative literal step counts down); DO runs its
\ body once and then leaves; no loop wraps round through 2^64 values
\ (the standard +LOOP would, and hang the launch).
\! kernel main
\! param IN i64[3]
\! param OUT i64[32]
: PUT ( n k -- k+1 )  DUP CELLS OUT + ROT SWAP ! 1+ ;
: MARK ( k -- k+1 )  -99 SWAP PUT ;
IN @ { lim }  IN 8 + @ { start }  IN 16 + @ { step }
0
lim start ?DO I SWAP PUT step +LOOP MARK
lim start ?DO I SWAP PUT LOOP MARK
lim start DO I SWAP PUT step +LOOP MARK
start lim ?DO I SWAP PUT -1 +LOOP MARK
start lim ?DO I SWAP PUT step +LOOP MARK
DROP
\ limit 5, start 20, step 4. Up from 20 to 5: nothing (?DO +LOOP) |
\ nothing (?DO LOOP) | 20 once (DO +LOOP) | down from 5 to 20: nothing |
\ up from 5 to 20 by 4: 5 9 13 17.
\ E2E: --param IN=5,20,4 --param OUT=zeros --output-param OUT --output-count 10
\ EXPECT: -99,-99,20,-99,-99,5,9,13,17,-99
\ limit 5, start 5: every ?DO skips; DO runs once (step 4 leaves at 9).
\ E2E: --param IN=5,5,4 --param OUT=zeros --output-param OUT --output-count 6
\ EXPECT: -99,-99,5,-99,-99,-99
