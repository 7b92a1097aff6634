\ Inlining is bounded: more than 2,000,000 inlined words, or words nested
\ more than 256 calls deep, are errors rather than endless compiles.
\ RUN: python3 -c "print('\\\\! kernel k'); print(': W0 1 DROP ;'); [print(': W%%d W%%d W%%d ;' %% (i, i-1, i-1)) for i in range(1, 22)]; print('W21')" > %t.wide.forth
\ RUN: %not %warpforthc %t.wide.forth --emit ir 2>&1 | FileCheck %s --check-prefix=WIDE
\ RUN: python3 -c "print('\\\\! kernel k'); print(': D0 1 DROP ;'); [print(': D%%d D%%d ;' %% (i, i-1)) for i in range(1, 300)]; print('D299')" > %t.deep.forth
\ RUN: %not %warpforthc %t.deep.forth --emit ir 2>&1 | FileCheck %s --check-prefix=DEEP

\ WIDE: error: kernel too large: more than 2000000 steps after inlining every call
\ DEEP: error: words nested more than 256 calls deep at 'D{{[0-9]+}}'
\! kernel k
