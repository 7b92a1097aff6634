\ Issue 12: warpforth-run's files. Every --save path is checked before the
\ kernel runs (a missing folder, a directory, the kernel file itself); a
\ write that fails anyway (a full disk) is an error, not exit code 0, and
\ so is standard output that cannot be written. A device or a directory
\ given as a .npy file, or as the kernel, is refused with its name.
\ RUN: cp %s %t.forth
\ RUN: %not %warpforth-run %t.forth --device cpu --param A=zeros --save A=/dev/full 2>&1 | FileCheck %s --check-prefix=FULL
\ RUN: %not %warpforth-run %t.forth --device cpu --param A=zeros --save A=%t.nothere/a.npy 2>&1 | FileCheck %s --check-prefix=FOLDER
\ RUN: %not %warpforth-run %t.forth --device cpu --param A=zeros --save A=%S 2>&1 | FileCheck %s --check-prefix=DIR
\ RUN: ln -sf %t.forth %t.link.forth
\ RUN: %not %warpforth-run %t.forth --device cpu --param A=zeros --save A=%t.link.forth 2>&1 | FileCheck %s --check-prefix=SAME
\ RUN: cmp %s %t.forth
\ RUN: %not %warpforth-run %t.forth --device cpu --param A=zeros --save A=%t.twice.npy --save 0=%t.twice.npy 2>&1 | FileCheck %s --check-prefix=TWICE
\ RUN: %not %warpforth-run %t.forth --device cpu --param A=zeros > /dev/full 2>%t.err; FileCheck %s --check-prefix=STDOUT < %t.err
\ RUN: %not %warpforth-run %t.forth --device cpu --param A=@/dev/zero 2>&1 | FileCheck %s --check-prefix=ZERO
\ RUN: %not %warpforth-run %t.forth --device cpu --param A=@%S 2>&1 | FileCheck %s --check-prefix=NPYDIR
\ RUN: %not %warpforth-run /dev/zero --device cpu 2>&1 | FileCheck %s --check-prefix=KZERO
\ RUN: %not %warpforth-run %S --device cpu 2>&1 | FileCheck %s --check-prefix=KDIR
\ RUN: %warpforth-run %t.forth --device cpu --param A=zeros --save A=%t.npy
\ RUN: %warpforth-run %t.forth --device cpu --param A=@%t.npy --output-param A | FileCheck %s --check-prefix=OK

\ FULL: warpforth-run: error: cannot write '/dev/full': No space left on device
\ FOLDER: warpforth-run: error: --save A '{{.*}}.nothere/a.npy': folder '{{.*}}.nothere' does not exist
\ DIR: warpforth-run: error: --save A '{{.*}}driver': is a directory
\ SAME: warpforth-run: error: --save A={{.*}}.link.forth: '{{.*}}.link.forth' is the kernel file; give another file
\ TWICE: warpforth-run: error: --save 0={{.*}}.twice.npy: '{{.*}}.twice.npy' is saved to twice; give each --save its own file
\ STDOUT: warpforth-run: error: cannot write to standard output
\ ZERO: warpforth-run: error: kernel 'k': param 'A': '/dev/zero' is not a regular file (a device, pipe or socket)
\ NPYDIR: warpforth-run: error: kernel 'k': param 'A': '{{.*}}driver' is a directory, not a file
\ KZERO: warpforth-run: error: '/dev/zero' is not a regular file (a device, pipe or socket)
\ KDIR: warpforth-run: error: '{{.*}}driver' is a directory, not a file
\ OK: 7,0,0,0
\! kernel k
\! param A i64[4]
7 A !
