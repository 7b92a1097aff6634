\ '\! tmap ... strides' errors, each at the text at fault and naming the
\ tensor map: a stride for each dim but the innermost (a 1-D map takes
\ none), each a well-formed size expression at least 1 when known, the
\ clause between the dims and 'box', once, with values.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
\! param N i32
\! const C 4
\! tmap A f32[N,N] strides 12,3 box 4,4
\ CHECK-DAG: tmap-strides.forth:[[@LINE-1]]:28: error: tensor map 'A' has 2 dimensions, so 1 stride (all but the innermost, which is contiguous); got 2
\! tmap B f32[N,N,N] strides 64 box 1,4,4
\ CHECK-DAG: tmap-strides.forth:[[@LINE-1]]:30: error: tensor map 'B' has 3 dimensions, so 2 strides (all but the innermost, which is contiguous); got 1
\! tmap D f32[N] strides 4 box 4
\ CHECK-DAG: tmap-strides.forth:[[@LINE-1]]:26: error: tensor map 'D' is 1-D: its one dimension is contiguous and takes no stride
\! tmap E f32[N,N] strides N+ box 4,4
\ CHECK-DAG: tmap-strides.forth:[[@LINE-1]]:28: error: tensor map 'E': bad stride 'N+': expression ends early
\! tmap F f32[N,N,N] strides 8*N, N M box 1,4,4
\ CHECK-DAG: tmap-strides.forth:[[@LINE-1]]:30: error: tensor map 'F': bad stride 'N M': unexpected 'M'
\! tmap G f32[N,N] strides 0 box 4,4
\ CHECK-DAG: tmap-strides.forth:[[@LINE-1]]:28: error: tensor map 'G': stride '0' = 0 must be at least 1
\! tmap H f32[N,N,N] strides C-5,N box 1,4,4
\ CHECK-DAG: tmap-strides.forth:[[@LINE-1]]:30: error: tensor map 'H': stride 'C-5' = -1 must be at least 1
\! tmap I f32[N,N] strides box 4,4
\ CHECK-DAG: tmap-strides.forth:[[@LINE-1]]:20: error: tensor map 'I': 'strides' needs its values, outermost first: expected '\! tmap NAME TYPE[DIMS] [strides STRIDES] box SIZES [swizzle none|32|64|128]'
\! tmap J f32[N,N] box 4,4 strides 8
\ CHECK-DAG: tmap-strides.forth:[[@LINE-1]]:28: error: tensor map 'J': 'strides' comes before 'box': expected '\! tmap NAME TYPE[DIMS] [strides STRIDES] box SIZES [swizzle none|32|64|128]'
\! tmap K2 f32[N,N] box 4,4 swizzle none strides 8
\ CHECK-DAG: tmap-strides.forth:[[@LINE-1]]:42: error: tensor map 'K2': 'strides' comes before 'box'
\! tmap L f32[N,N] strides 8 strides 8 box 4,4
\ CHECK-DAG: tmap-strides.forth:[[@LINE-1]]:30: error: tensor map 'L' has 'strides' twice
\! tmap P f32[N,N] strides 8, box 4,4
\ CHECK-DAG: tmap-strides.forth:[[@LINE-1]]:28: error: tensor map 'P' has 2 dimensions, so 1 stride (all but the innermost, which is contiguous); got 2
