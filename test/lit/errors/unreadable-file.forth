\ A missing file, a directory, and a -D without a name are reported by
\ warpforthc without a location; the exit status is nonzero.
\ RUN: %not %warpforthc %t.does-not-exist.forth 2>&1 | FileCheck %s --check-prefix=MISSING
\ RUN: %not %warpforthc %S 2>&1 | FileCheck %s --check-prefix=DIR
\ RUN: %not %warpforthc %s -D =3 2>&1 | FileCheck %s --check-prefix=BADDEF

\ MISSING: warpforthc: error: cannot open '{{.*}}.does-not-exist.forth': No such file or directory
\ DIR: warpforthc: error: '{{.*}}errors' is a directory, not a file
\ BADDEF: warpforthc: error: -D needs NAME=VALUE, got '=3'
\! kernel k
