\ Kernel names that are identifiers here but not valid or not free in PTX:
\ a lone '_' (PTX wants a character after a leading '_'; ptxas rejected the
\ entry) and the '__nv_' names of libdevice (a kernel named __nv_exp became
\ the target of FEXP's call and compiled to an empty kernel), and WARP_SZ,
\ PTX's one predefined identifier without '%' (ptxas rejected it; the opcode,
\ directive and type names tried are fine). '_x' and
\ 'a$b' stay valid.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace
\ RUN: sed 's/^\\! kernel _$/\\! kernel __nv_exp/' %s > %t.nv.forth
\ RUN: %not %warpforthc %t.nv.forth 2>&1 | FileCheck %s --check-prefix=NV --strict-whitespace
\ RUN: sed 's/^\\! kernel _$/\\! kernel WARP_SZ/' %s > %t.w.forth
\ RUN: %not %warpforthc %t.w.forth 2>&1 | FileCheck %s --check-prefix=WARP
\ RUN: sed 's/^\\! kernel _$/\\! kernel _x/' %s > %t.x.forth
\ RUN: %warpforthc %t.x.forth | FileCheck %s --check-prefix=OK
\ RUN: sed 's/^\\! kernel _$/\\! kernel a$b/' %s > %t.d.forth
\ RUN: %warpforthc %t.d.forth | FileCheck %s --check-prefix=DOLLAR

\! kernel _
\ CHECK: {{.*}}kernel-name-ptx.forth:[[@LINE-1]]:11: error: kernel name '_' must be an identifier (letters, digits, '_'): PTX needs a character after a leading '_'
\ CHECK-NEXT: {{^}}\! kernel _{{$}}
\ CHECK-NEXT: {{^}}          ^{{$}}
\ NV: {{.*}}:18:11: error: kernel name '__nv_exp' is reserved: names starting with '__nv_' are libdevice's
\ NV-NEXT: {{^}}\! kernel __nv_exp{{$}}
\ NV-NEXT: {{^}}          ^~~~~~~~{{$}}
\ WARP: {{.*}}:18:11: error: kernel name 'WARP_SZ' is reserved: PTX predefines it
\ OK: .entry _x(
\ DOLLAR: .entry a$b(
\! param X f64[1]
X F@ FEXP X F!
