\ INCLUDE of a file found neither next to the including file nor in any
\ -I folder; INCLUDE with no file name at the end of the file.
\ RUN: %not %warpforthc %s -I %S/Inputs 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
INCLUDE no-such-file.forth
\ CHECK: {{.*}}include-missing.forth:[[@LINE-1]]:9: error: cannot find included file 'no-such-file.forth' (searched the including file's folder and -I dirs)
\ CHECK-NEXT: {{^}}INCLUDE no-such-file.forth{{$}}
\ CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
INCLUDE
\ CHECK: {{.*}}:[[@LINE-1]]:1: error: INCLUDE at end of file: expected a file name
