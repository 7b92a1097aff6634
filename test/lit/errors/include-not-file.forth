\ INCLUDE of a directory or a device is an error naming it (it was "cannot
\ find included file" before, and a device could hang the read).
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
INCLUDE Inputs
\ CHECK: include-not-file.forth:[[@LINE-1]]:9: error: INCLUDE: '{{.*}}Inputs' is a directory, not a file
INCLUDE /dev/zero
\ CHECK: include-not-file.forth:[[@LINE-1]]:9: error: INCLUDE: '/dev/zero' is not a regular file (a device, pipe or socket)
