\ An unknown word is reported at its position; a close match (edit
\ distance below 3, among primitives, words and header names) is offered.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param DATA i64[4]
1 DUPP DROP
\ CHECK: {{.*}}unknown-word.forth:[[@LINE-1]]:3: error: unknown word 'DUPP'; did you mean 'DUP'?
\ CHECK-NEXT: {{^}}1 DUPP DROP{{$}}
\ CHECK-NEXT: {{^}}  ^~~~{{$}}
dat @ DROP
\ CHECK-NEXT: {{.*}}:[[@LINE-1]]:1: error: unknown word 'dat'; did you mean 'DATA'?
: SQUARE DUP * ;
3 SQAURE
\ CHECK: {{.*}}:[[@LINE-1]]:3: error: unknown word 'SQAURE'; did you mean 'SQUARE'?
frobnicate
\ CHECK: {{.*}}:[[@LINE-1]]:1: error: unknown word 'frobnicate'{{$}}
