\ An unknown --arch should produce only warpforthc's own diagnostic.
\
\ BUG: LLVM's MCSubtargetInfo prints "'sm_bogus' is not a recognized
\ processor for this target (ignoring processor)" to stderr (twice) before
\ warpforthc's error, because NVPTXBackend.cpp createNVPTXTargetMachine
\ creates the subtarget with the unchecked CPU name before validating it.
\ RUN: %not %warpforthc %s --arch sm_bogus 2>&1 | FileCheck %s

\! kernel k
1 DROP

\ CHECK-NOT: not a recognized processor
\ CHECK: {{^}}warpforthc: error: unknown GPU architecture 'sm_bogus'
