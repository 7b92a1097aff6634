\ \! block errors, each located: more threads than '\! launch-bounds'
\ allows (a contradiction), more than 1024 in all, a dimension out of
\ range or not a constant, too many values, a second directive.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s
\ RUN: sed -e 's/^.. launch-bounds.*//' -e 's/^.. block 32 8$/\\! block 64 32/' %s | %not %warpforthc - 2>&1 | FileCheck %s --check-prefix=MANY
\ RUN: sed -e 's/^.. launch-bounds.*//' -e 's/^.. block 32 8$/\\! block 32 1 65/' %s | %not %warpforthc - 2>&1 | FileCheck %s --check-prefix=Z
\ RUN: sed -e 's/^.. launch-bounds.*//' -e 's/^.. block 32 8$/\\! block N/' %s | %not %warpforthc - 2>&1 | FileCheck %s --check-prefix=NAME
\ RUN: sed -e 's/^.. launch-bounds.*//' -e 's/^.. block 32 8$/\\! block 1 2 3 4/' %s | %not %warpforthc - 2>&1 | FileCheck %s --check-prefix=FOUR
\ RUN: sed -e 's/^.. launch-bounds.*//' -e 's/^.. block 32 8$/\\! block 32\n\\! block 64/' %s | %not %warpforthc - 2>&1 | FileCheck %s --check-prefix=TWICE

\! kernel k
\! launch-bounds 128
\! block 32 8
\ CHECK: block-directive.forth:[[@LINE-1]]:4: error: a block of 32x8x1 = 256 threads, but the kernel's '\! launch-bounds 128' allows at most 128
\! param N i64
\! param A i64[1]
2 A !
\ MANY: <stdin>:13:4: error: a block of 64x32x1 = 2048 threads: at most 1024 threads per block
\ Z: <stdin>:13:15: error: bad block dimension z '65': {{.*}}
\ NAME: <stdin>:13:10: error: bad block dimension x 'N': {{.*}}
\ FOUR: <stdin>:13:16: error: too many values: expected '\! block X [Y [Z]]'
\ TWICE: <stdin>:14:4: error: duplicate block directive
