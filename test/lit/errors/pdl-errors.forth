\ '\! pdl' errors: a kernel that never calls GRID-DEP-WAIT is refused at
\ the directive (it could read what the previous kernel on its stream has
\ not written yet), and so is one whose only waits are in a word it never
\ calls and in a branch that is never taken (WAIT is 0: the IF goes when
\ the kernel is resolved); the directive takes at most one value, a
\ constant flag 0 or 1, and is given once. The grid dependency words need
\ sm_90.
\ RUN: %not %warpforthc %s --arch sm_90 2>&1 | FileCheck %s
\ RUN: sed 's/^.. pdl$/\\! pdl\n\\! pdl/' %s | %not %warpforthc - --arch sm_90 -D WAIT=1 2>&1 | FileCheck %s --check-prefix=TWICE
\ RUN: sed 's/^.. pdl$/\\! pdl 1 now/' %s | %not %warpforthc - --arch sm_90 -D WAIT=1 2>&1 | FileCheck %s --check-prefix=VALUES
\ RUN: sed 's/^.. pdl$/\\! pdl 2/' %s | %not %warpforthc - --arch sm_90 -D WAIT=1 2>&1 | FileCheck %s --check-prefix=FLAG
\ RUN: sed 's/^.. pdl$/\\! pdl NOPE/' %s | %not %warpforthc - --arch sm_90 -D WAIT=1 2>&1 | FileCheck %s --check-prefix=NAME
\ RUN: sed 's/^.. pdl$/\\! pdl WAIT/' %s | %warpforthc - --arch sm_90 2>&1 | FileCheck %s --check-prefix=OFF
\ RUN: %not %warpforthc %s --arch sm_80 -D WAIT=1 2>&1 | FileCheck %s --check-prefix=OLD-LAUNCH
\ RUN: sed 's/^GRID-DEP-LAUNCH$//' %s | %not %warpforthc - --arch sm_80 -D WAIT=1 2>&1 | FileCheck %s --check-prefix=OLD

\! kernel consumer
\! const WAIT 0
\! pdl
\! param A i64[1]
\ CHECK: pdl-errors.forth:[[@LINE-2]]:4: error: kernel 'consumer' is launched with '\! pdl' but never calls GRID-DEP-WAIT: it may start before the previous kernel on its stream has finished, and must GRID-DEP-WAIT before reading what that kernel wrote
\ CHECK-NEXT: {{^}}\! pdl{{$}}
\ CHECK-NEXT: {{^}}   ^~~{{$}}
\ TWICE: <stdin>:[[@LINE-4]]:4: error: duplicate pdl directive (first at line [[@LINE-5]])
\ VALUES: <stdin>:[[@LINE-6]]:10: error: unexpected 'now': '\! pdl' takes at most one value (a constant flag)
\ FLAG: <stdin>:[[@LINE-7]]:8: error: bad flag '2' in pdl: must be between 0 and 1
\ NAME: <stdin>:[[@LINE-8]]:8: error: bad flag 'NOPE' in pdl: unknown name 'NOPE' (pdl flags must be compile-time constants)
\ With the flag 0 (WAIT 0, no wait compiled) the kernel is no pdl kernel.
\ OFF-NOT: error
\ OFF-NOT: @pdl
\ OFF: // @end
: UNUSED ( -- ) GRID-DEP-WAIT ;
GRID-DEP-LAUNCH
\ OLD-LAUNCH: pdl-errors.forth:[[@LINE-1]]:1: error: 'GRID-DEP-LAUNCH' needs --arch sm_90 or newer, not sm_80
WAIT IF  GRID-DEP-WAIT  THEN
\ OLD: <stdin>:[[@LINE-1]]:10: error: 'GRID-DEP-WAIT' needs --arch sm_90 or newer, not sm_80
A @ 1+ A !
