\ Bad command-line values are rejected before compiling: --emit, -O and
\ --float take only the listed values.
\ RUN: %not %warpforthc %s --emit bogus 2>&1 | FileCheck %s --check-prefix=EMIT
\ RUN: %not %warpforthc %s -O 7 2>&1 | FileCheck %s --check-prefix=OPT
\ RUN: %not %warpforthc %s --float f16 2>&1 | FileCheck %s --check-prefix=FLOAT
\ RUN: %not %warpforthc 2>&1 | FileCheck %s --check-prefix=NOFILE
\ RUN: %warpforthc --emit tokens --version | FileCheck %s --check-prefix=VERSION

\! kernel k

\ EMIT: --emit: bogus not in {tokens,ast,ir,llvm,ptx}
\ OPT: -O: Value 7 not in range 0 to 3
\ FLOAT: --float: f16 not in {f32,f64}
\ NOFILE: FILE is required
\ VERSION: warpforthc {{[0-9]+\.[0-9]+\.[0-9]+}} (LLVM 19)
