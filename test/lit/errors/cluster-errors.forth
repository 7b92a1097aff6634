\ '\! cluster X Y Z': each dimension a constant from 1 to 8 and at most 8
\ blocks in all (the portable cluster size), three values, one directive,
\ sm_90 or newer; the cluster words need sm_90 (the multicast load
\ sm_90a); constant operands the GPU takes as a CTA rank or a 16-bit CTA
\ mask are checked, and the shared and tensor map operands as for TMA.
\ RUN: %not %warpforthc %s --arch sm_90 2>&1 | FileCheck %s
\ RUN: %not %warpforthc %s --arch sm_90 -D CX=1 -D CY=9 2>&1 | FileCheck %s --check-prefix=Y
\ RUN: %not %warpforthc %s --arch sm_90 -D CX=4 -D CY=4 2>&1 | FileCheck %s --check-prefix=MANY
\ RUN: sed 's/^.. cluster.*/\\! cluster 2 1 N/' %s | %not %warpforthc - --arch sm_90 2>&1 | FileCheck %s --check-prefix=NAME
\ RUN: %not %warpforthc %s --arch sm_80 -D CX=2 2>&1 | FileCheck %s --check-prefix=OLD
\ RUN: %not %warpforthc %s --arch sm_90 -D CX=2 -D CASE=1 2>&1 | FileCheck %s --check-prefix=RANK
\ RUN: %not %warpforthc %s --arch sm_90 -D CX=2 -D CASE=2 2>&1 | FileCheck %s --check-prefix=MASK
\ RUN: %not %warpforthc %s --arch sm_90 -D CX=2 -D CASE=3 2>&1 | FileCheck %s --check-prefix=SPACE
\ RUN: %not %warpforthc %s --arch sm_80 -D CX=2 -D CASE=4 2>&1 | FileCheck %s --check-prefix=MC80
\ RUN: sed 's/^.. cluster.*/\\! cluster 2 1/' %s | %not %warpforthc - --arch sm_90 2>&1 | FileCheck %s --check-prefix=FEW
\ RUN: sed 's/^.. cluster.*/\\! cluster 1 1 1 1/' %s | %not %warpforthc - --arch sm_90 2>&1 | FileCheck %s --check-prefix=EXTRA
\ RUN: sed 's/^.. cluster.*/\\! cluster 2 1 1\n\\! cluster 2 1 1/' %s | %not %warpforthc - --arch sm_90 2>&1 | FileCheck %s --check-prefix=TWICE
\ RUN: sed 's/^.. cluster.*//' %s | %not %warpforthc - --arch sm_80 -D CASE=5 2>&1 | FileCheck %s --check-prefix=WORD80

\! kernel k
\! const CX 0
\! const CY 1
\! const CZ 1
\! const CASE 0
\! cluster CX CY CZ
\! tmap A f32[M,K] box 8,32
\! param M i32
\! param K i32
\! param N i32
\! param X f32[64]
\! shared BAR i64[1]
\! shared T f32[256] align 128
\ CHECK: cluster-errors.forth:[[@LINE-8]]:12: error: bad cluster dimension x 'CX': must be between 1 and 8
\ Y: cluster-errors.forth:[[@LINE-9]]:15: error: bad cluster dimension y 'CY': must be between 1 and 8
\ MANY: cluster-errors.forth:[[@LINE-10]]:4: error: a cluster of 4x4x1 = 16 blocks: at most 8 blocks, the portable cluster size
\ NAME: :[[@LINE-11]]:16: error: bad cluster dimension z 'N': unknown name 'N' (cluster dimensions must be compile-time constants)
\ OLD: cluster-errors.forth:[[@LINE-12]]:4: error: '\! cluster' (thread-block clusters) needs --arch sm_90 or newer, not sm_80
\ FEW: error: incomplete directive: expected '\! cluster X Y Z'
\ EXTRA: error: too many values: expected '\! cluster X Y Z'
\ TWICE: :4: error: duplicate cluster directive
CASE 1 = IF  T 16 MAPA DSMEM-I32@ X I32!  THEN
\ RANK: cluster-errors.forth:[[@LINE-1]]:19: error: 'MAPA' takes a CTA rank from 0 to 15, not 16
CASE 2 = IF  0 0 BAR T A 0 TMA-LOAD-MC-2D  0 0 BAR T A 65536 TMA-LOAD-MC-2D  THEN
\ MASK: cluster-errors.forth:[[@LINE-1]]:28: error: 'TMA-LOAD-MC-2D' takes a CTA mask from 1 to 0xFFFF (bit r: the CTA of rank r), not 0
\ MASK: cluster-errors.forth:[[@LINE-2]]:62: error: 'TMA-LOAD-MC-2D' takes a CTA mask from 1 to 0xFFFF (bit r: the CTA of rank r), not 65536
CASE 3 = IF  0 0 BAR X A 3 TMA-LOAD-MC-2D  0 0 BAR T X 3 TMA-LOAD-MC-2D  X 1 MAPA DROP  THEN
\ SPACE: cluster-errors.forth:[[@LINE-1]]:58: error: 'TMA-LOAD-MC-2D' takes a tensor map (a '\! tmap' param) as its operand before the CTA mask, but it is in the array param 'X'
\ SPACE: cluster-errors.forth:[[@LINE-2]]:28: error: 'TMA-LOAD-MC-2D' takes shared memory addresses but its shared tile address is in the array param 'X' (global memory)
\ SPACE: cluster-errors.forth:[[@LINE-3]]:78: error: 'MAPA' takes shared memory addresses but its shared address is in the array param 'X' (global memory)
CASE 4 = IF  0 0 BAR T A 1 TMA-LOAD-MC-2D  THEN
\ MC80: cluster-errors.forth:[[@LINE-1]]:28: error: 'TMA-LOAD-MC-2D' needs --arch sm_90a (or sm_90, compiled as sm_90a), not sm_80
CASE 5 = IF  CLUSTER-SYNC  THEN
\ WORD80: :[[@LINE-1]]:14: error: 'CLUSTER-SYNC' needs --arch sm_90 or newer, not sm_80
