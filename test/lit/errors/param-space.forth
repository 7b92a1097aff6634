\ Issue 34: a kernel whose params do not fit in PTX's parameter space is an
\ error at the first param past it, on every device: 32,764 bytes for
\ sm_90 (PTX 8.1), 4,352 for the older targets (their PTX version), with
\ 8 bytes more for --check-bounds's check record (a '\! tmap' takes 128
\ bytes at 64, an array param or i64 8, an i32 4). Each largest accepted
\ kernel below assembles with ptxas (%warpforthc runs it); each smallest
\ refused one is 4 or 8 bytes more, which ptxas rejects ("uses too much
\ parameter space (0x8000 bytes, 0x7ffc max)", "0x1108 bytes, 0x1100 max").
\ The kernels are generated: N i64 params, T tensor maps, then X i64[1].
\ RUN: awk -v n=4094 -v t=0 -v e=i32 -f %S/Inputs/many-params.awk > %t.fit90.forth
\ RUN: %warpforthc %t.fit90.forth --arch sm_90 | FileCheck %s --check-prefix=FIT
\ RUN: awk -v n=4095 -v t=0 -f %S/Inputs/many-params.awk > %t.over90.forth
\ RUN: %not %warpforthc %t.over90.forth --arch sm_90 2>&1 | FileCheck %s --check-prefix=OVER90
\ RUN: %not %warpforth-run %t.over90.forth --device cpu --arch sm_90 2>&1 | FileCheck %s --check-prefix=OVER90
\ RUN: awk -v n=4093 -v t=0 -f %S/Inputs/many-params.awk > %t.fitchk.forth
\ RUN: %warpforthc %t.fitchk.forth --arch sm_90 --check-bounds | FileCheck %s --check-prefix=FIT
\ RUN: awk -v n=4094 -v t=0 -f %S/Inputs/many-params.awk > %t.overchk.forth
\ RUN: %warpforthc %t.overchk.forth --arch sm_90 | FileCheck %s --check-prefix=FIT
\ RUN: %not %warpforthc %t.overchk.forth --arch sm_90 --check-bounds 2>&1 | FileCheck %s --check-prefix=OVERCHK
\ RUN: awk -v n=543 -v t=0 -f %S/Inputs/many-params.awk > %t.fit80.forth
\ RUN: %warpforthc %t.fit80.forth --arch sm_80 | FileCheck %s --check-prefix=FIT
\ RUN: awk -v n=544 -v t=0 -f %S/Inputs/many-params.awk > %t.over80.forth
\ RUN: %not %warpforthc %t.over80.forth --arch sm_80 2>&1 | FileCheck %s --check-prefix=OVER80
\ RUN: %warpforthc %t.over80.forth --arch sm_90 | FileCheck %s --check-prefix=FIT
\ RUN: awk -v n=14 -v t=255 -v e=i32 -f %S/Inputs/many-params.awk > %t.fittmap.forth
\ RUN: %warpforthc %t.fittmap.forth --arch sm_90 | FileCheck %s --check-prefix=FIT
\ RUN: awk -v n=0 -v t=256 -f %S/Inputs/many-params.awk > %t.overtmap.forth
\ RUN: %not %warpforthc %t.overtmap.forth --arch sm_90 2>&1 | FileCheck %s --check-prefix=OVERTMAP

\ FIT: .entry many(
\ OVER90: over90.forth:4097:10: error: param 'X' takes the kernel's parameters to 32768 bytes, more than the 32764 bytes of kernel parameters that PTX allows for sm_90
\ OVERCHK: overchk.forth:1:11: error: with the check record of --check-bounds (8 bytes), kernel 'many' takes 32768 bytes, more than the 32764
\ OVER80: over80.forth:546:10: error: param 'X' takes the kernel's parameters to 4360 bytes, more than the 4352 bytes of kernel parameters that PTX allows for sm_80
\ OVERTMAP: overtmap.forth:257:9: error: param 'T256' takes the kernel's parameters to 32768 bytes
