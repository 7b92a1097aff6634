\ '\! pdl' (programmatic dependent launch): a '// @pdl' line in the
\ signature, for the runtime to launch the kernel with programmatic stream
\ serialization, and 'pdl' on the kernel line of --emit ast and --emit ir.
\ The GRID-DEP-WAIT the directive needs may come from an INCLUDEd word
\ (Inputs/pdl-wait.fs).
\ Without the directive there is no line.
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s --arch sm_90 --emit ast | FileCheck %s --check-prefix=AST
\ RUN: sed 's/^.. pdl$//' %s | %warpforthc - --arch sm_90 -I %S | FileCheck %s --check-prefix=NONE
\ RUN: sed 's/^.. pdl$//' %s | %warpforthc - --arch sm_90 -I %S --emit ir | FileCheck %s --check-prefix=NONE-IR

\! kernel k
\! pdl
\! param A i64[1]
INCLUDE Inputs/pdl-wait.fs
AWAIT-PRODUCER
A @ 1+ A !

\ CHECK: // @shared-bytes 0
\ CHECK-NEXT: // @pdl
\ CHECK-NEXT: // @arch sm_90
\ CHECK-NEXT: // @end
\ CHECK: griddepcontrol.wait;
\ CHECK: ld.global.u64

\ IR: kernel @k(A: i64[1]) float f64 pdl{{$}}
\ IR: async GRID-DEP-WAIT

\ AST: kernel k float f64 pdl{{$}}

\ NONE-NOT: @pdl
\ NONE: griddepcontrol.wait;
\ NONE-IR: kernel @k(A: i64[1]) float f64{{$}}
