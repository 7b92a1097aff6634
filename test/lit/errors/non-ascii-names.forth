\ Issue 34: header names reach the PTX (the signature's comment lines,
\ check sites) and ptxas refuses any byte outside ASCII, even in a comment:
\ a param, tensor map, shared array, register array or constant (or -D)
\ name with one is an error at the name, on every device. The kernel name
\ was already limited to a PTX identifier. Names with other ASCII
\ characters ('-') stay legal: PTX params are numbered and shared arrays
\ renamed by LLVM, and the PTX assembles (%warpforthc runs ptxas).
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --implicit-check-not=error:
\ RUN: %not %warpforth-run %s --device cpu --param zeros --param zeros --param zeros 2>&1 | FileCheck %s --check-prefix=CPU
\ RUN: sed -n '/^\\! kernel/p; /^\\! param A-B/p; /ASCII-ONLY/p' %s > %t.forth
\ RUN: %warpforthc %t.forth --check-bounds | FileCheck %s --check-prefix=OK
\ RUN: %not %warpforthc %t.forth -D Ñ=1 2>&1 | FileCheck %s --check-prefix=DASH-D

\! kernel k
\! param Ä i64[4]
\ CHECK: non-ascii-names.forth:[[@LINE-1]]:10: error: name 'Ä' has a character outside ASCII, which PTX cannot hold
\! tmap Tß f32[8,8] box 8,8
\ CHECK: non-ascii-names.forth:[[@LINE-1]]:9: error: name 'Tß' has a character outside ASCII
\! param A-B i64[4]
\! shared Sé i64[4]
\ CHECK: non-ascii-names.forth:[[@LINE-1]]:11: error: name 'Sé' has a character outside ASCII
\! reg Rü i64[2]
\ CHECK: non-ascii-names.forth:[[@LINE-1]]:8: error: name 'Rü' has a character outside ASCII
\! const Ç 3
\ CHECK: non-ascii-names.forth:[[@LINE-1]]:10: error: name 'Ç' has a character outside ASCII
Ç Ä ! 1 0 Rü! TID-X Rü@ A-B !
1 A-B ! \ ASCII-ONLY

\ CPU: error: name 'Ä' has a character outside ASCII
\ OK: // @param A-B array i64 4
\ DASH-D: error: -D Ñ: the name has a character outside ASCII, which PTX cannot hold
