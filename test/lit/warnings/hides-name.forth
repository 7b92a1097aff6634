\ A name that hides another is warned about where it is declared, names
\ ignoring case: a CONSTANT named like a header name (param, shared array,
\ constant), an earlier word of the program or a built-in word; a local
\ named like any of them (the issue's example: a local `c` hiding the
\ param `C`, after which `c` is the local, not C's address); a word (`:`)
\ named like an earlier word or a built-in word. A word may wrap a header
\ name of its name (`: Q Q head-base ;`, an idiom of the demos), and
\ redefining a prelude word is silent. But a use spelled as a header name
\ that calls a word spelled otherwise (`NQ` after `: nq ... NQ ... ;`) is
\ warned about there: it is the word, not the header name.
\ RUN: %warpforthc %s -o %t.ptx 2>&1 | FileCheck %s --implicit-check-not=warning:
\ RUN: %not %warpforthc %s -o %t.ptx -Werror 2>&1 | FileCheck %s --check-prefix=WERROR

\! kernel k
\! param C i64[4]
\! shared tile f32[8]
\! const WIDTH 4
\! param NQ i64
: Tile ( -- addr ) TILE ;
: sq ( x -- x*x ) DUP * ;
: MIN ( a b -- m ) 2DROP 0 ;
8 CONSTANT width
\ CHECK: hides-name.forth:[[@LINE-1]]:12: warning: constant 'width' hides the header name 'WIDTH' (names ignore case); rename one
\ WERROR: hides-name.forth:[[@LINE-2]]:12: error: constant 'width' hides the header name 'WIDTH' (names ignore case); rename one [-Werror]
3 CONSTANT SQ
\ CHECK: hides-name.forth:[[@LINE-1]]:12: warning: constant 'SQ' hides the word 'sq' defined on line 20 (names ignore case); rename one
2 CONSTANT dup
\ CHECK: hides-name.forth:[[@LINE-1]]:12: warning: constant 'dup' hides the built-in word 'DUP' (names ignore case); rename one
2 { c }
\ CHECK: hides-name.forth:[[@LINE-1]]:5: warning: local 'c' hides the header name 'C' (names ignore case)
c C !
: cube ( x -- x^3 ) DUP DUP * * ;
: Cube ( x -- x^3 ) DUP DUP * * ;
\ CHECK: hides-name.forth:[[@LINE-1]]:3: warning: word 'Cube' hides the word 'cube' defined on line 32 (names ignore case); rename one
: swap ( a b -- b a ) SWAP ;
\ CHECK: hides-name.forth:[[@LINE-1]]:3: warning: word 'swap' hides the built-in word 'SWAP' (names ignore case); rename one
: nq ( -- n ) NQ 1+ ;
nq NQ + C !
\ CHECK: hides-name.forth:[[@LINE-1]]:4: warning: 'NQ' here is the word 'nq' defined on line [[@LINE-2]], which hides the header name 'NQ' (names ignore case); rename one
