\ The float mode: f64 by default, '\! float f32' selects f32, and --float
\ overrides the directive either way.
\ RUN: %warpforthc %s --emit ast | FileCheck %s --check-prefix=F32
\ RUN: %warpforthc %s --emit ast --float f64 | FileCheck %s --check-prefix=F64
\ RUN: sed 's/^\\! float f32//' %s > %t.forth
\ RUN: %warpforthc %t.forth --emit ast | FileCheck %s --check-prefix=F64
\ RUN: %warpforthc %t.forth --emit ast --float f32 | FileCheck %s --check-prefix=F32

\! kernel k
\! float f32
1.5 DROP

\ F32: kernel k float f32
\ F64: kernel k float f64
