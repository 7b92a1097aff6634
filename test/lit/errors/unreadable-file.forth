\ A missing file, a directory, and a -D without a name are reported by
\ warpforthc without a location; the exit status is nonzero.
\ RUN: %not %warpforthc %t.does-not-exist.forth 2>&1 | FileCheck %s --check-prefix=MISSING
\ RUN: %not %warpforthc %S 2>&1 | FileCheck %s --check-prefix=DIR
\ RUN: %not %warpforthc %s -D =3 2>&1 | FileCheck %s --check-prefix=BADDEF

\ MISSING: warpforthc: error: cannot read '{{.*}}.does-not-exist.forth'
\ DIR: warpforthc: error: cannot read '{{.*}}errors'
\ BADDEF: warpforthc: error: -D needs NAME=VALUE, got '=3'
\! kernel k
