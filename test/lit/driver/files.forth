\ Issue 12: warpforthc's files. A write that fails (a full disk) is an
\ error, not exit code 0; an output that is the input (also through a link)
\ is refused before anything is written; a device (/dev/zero) or standard
\ input past 16 MiB is refused instead of read without end; a UTF-8
\ byte-order mark at the start of a source is skipped.
\ RUN: %not %warpforthc %s -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
\ RUN: %not %warpforthc %s --emit ir > /dev/full 2>%t.err; FileCheck %s --check-prefix=STDOUT < %t.err
\ RUN: cp %s %t.forth && ln -sf %t.forth %t.link.forth
\ RUN: %not %warpforthc %t.forth -o %t.forth 2>&1 | FileCheck %s --check-prefix=SAME
\ RUN: %not %warpforthc %t.link.forth -o %t.forth 2>&1 | FileCheck %s --check-prefix=SAME
\ RUN: %not %warpforthc %t.forth -o %t.link.forth 2>&1 | FileCheck %s --check-prefix=SAME
\ RUN: cmp %s %t.forth
\ RUN: %not %warpforthc /dev/zero 2>&1 | FileCheck %s --check-prefix=DEVICE
\ RUN: %not %warpforthc - < /dev/zero 2>&1 | FileCheck %s --check-prefix=STDIN
\ RUN: printf '\357\273\277' > %t.bom.forth && cat %s >> %t.bom.forth
\ RUN: %warpforthc %t.bom.forth --emit ir | FileCheck %s --check-prefix=BOM

\ FULL: warpforthc: error: cannot write '/dev/full': No space left on device
\ STDOUT: warpforthc: error: cannot write the output to standard output
\ SAME: warpforthc: error: -o '{{.*}}' is the input file; give another output file
\ DEVICE: warpforthc: error: '/dev/zero' is not a regular file (a device, pipe or socket)
\ STDIN: warpforthc: error: '<stdin>' is larger than the 16 MiB limit on kernel sources
\ BOM: kernel @k()
\! kernel k
1 DROP
