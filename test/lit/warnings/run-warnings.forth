\ warpforth-run prints the compiler's warnings, located as warpforthc
\ prints them, and runs the kernel; a second run (a compile-cache hit)
\ prints them again: warnings are a property of the source. -Werror
\ makes them errors: nothing runs and the exit status is 1.
\ RUN: rm -rf %t.cache
\ RUN: env WARPFORTH_CACHE_DIR=%t.cache %warpforth-run %s --device cpu --param A=zeros --output-param A 2>&1 | FileCheck %s
\ RUN: env WARPFORTH_CACHE_DIR=%t.cache WARPFORTH_CACHE_LOG=1 %warpforth-run %s --device cpu --param A=zeros --output-param A 2>&1 | FileCheck %s --check-prefixes=CHECK,HIT
\ RUN: %not env WARPFORTH_CACHE_DIR=%t.cache %warpforth-run %s --device cpu --param A=zeros --output-param A -Werror 2>&1 | FileCheck %s --check-prefix=WERROR
\ RUN: %not %warpforthc %s -o %t.ptx -Werror 2>&1 | FileCheck %s --check-prefix=WERROR

\! kernel k
\! param A f64[2]
1.0 2 F* A F!
\ HIT: hit
\ CHECK: run-warnings.forth:[[@LINE-2]]:7: warning: 'F*' takes a float, but is given the integer 2, whose bits it reads as a float (not 2.0): 2.0 was probably meant
\ CHECK-NEXT: 1.0 2 F* A F!
\ CHECK-NEXT: {{^      \^~$}}
\ CHECK: 1e-323,0
\ WERROR: run-warnings.forth:[[@LINE-6]]:7: error: 'F*' takes a float, but is given the integer 2{{.*}} [-Werror]
\ WERROR-NOT: 1e-323
