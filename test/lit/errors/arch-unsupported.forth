\ Issue 34: --arch must be one the compiler supports (sm_75 to sm_90a),
\ whatever the device: the CPU backend (warpforth-run --device cpu, the C
\ API, Python) compiles for the same --arch and refuses it the same way,
\ instead of running a kernel that no GPU of that name could load.
\ RUN: %not %warpforth-run %s --device cpu --arch sm_9999 --param X=zeros 2>&1 | FileCheck %s --check-prefix=S9999
\ RUN: %not %warpforthc %s --arch sm_9999 2>&1 | FileCheck %s --check-prefix=S9999
\ RUN: %not %warpforth-run %s --device cpu --arch sm_70 --param X=zeros 2>&1 | FileCheck %s --check-prefix=S70
\ RUN: %not %warpforthc %s --arch sm_70 2>&1 | FileCheck %s --check-prefix=S70
\ RUN: %warpforth-run %s --device cpu --arch sm_75 --param X=zeros --output-param X | FileCheck %s --check-prefix=RUNS
\ RUN: %warpforth-run %s --device cpu --arch sm_90a --param X=zeros --output-param X | FileCheck %s --check-prefix=RUNS
\ RUN: %warpforthc %s --arch sm_75 | FileCheck %s --check-prefix=PTX

\! kernel k
\! param X i64[1]
7 X !

\ S9999: error: unknown GPU architecture 'sm_9999' (expected one of sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a)
\ S70: error: unknown GPU architecture 'sm_70' (expected one of sm_75,
\ RUNS: {{^}}7{{$}}
\ PTX: .target sm_75
