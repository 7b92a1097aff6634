\ '\! tmap' and '\! shared ... align' errors, each at the text at fault:
\ cuTensorMapEncodeTiled's rules that the header decides (1 to 5 dims, a box
\ size per dim from 1 to 256, box rows a multiple of 16 bytes that fit in
\ the swizzle's span) and the directive's syntax.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
\! param N i32
\! tmap A bf16[N,N] box 64,128 swizzle 128
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:25: error: tensor map 'A': the box's inner extent is 256 bytes, more than the 128-byte swizzle's span (a box row must fit in it)
\! tmap B f32[N,N] box 8,2
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:24: error: tensor map 'B': the box's inner extent is 8 bytes; TMA moves rows of a multiple of 16 bytes
\! tmap C f32[N,N] box 300,4
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:24: error: tensor map 'C': bad box size '300': must be between 1 and 256
\! tmap D f32[N,N] box 8
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:24: error: tensor map 'D' has 2 dimensions but 1 box sizes
\! tmap E f32[N,N] swizzle 64
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:9: error: tensor map 'E' needs its box: expected '\! tmap NAME TYPE[DIMS] [strides STRIDES] box SIZES [swizzle none|32|64|128]'
\! tmap F f32[N,N] box 8,8 swizzle 16
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:36: error: bad swizzle '16' for tensor map 'F': expected none, 32, 64 or 128
\! tmap G f32[1,2,3,4,5,6] box 1,1,1,1,1,4
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:15: error: tensor map 'G' has 6 dimensions; TMA takes 1 to 5
\! tmap H f32 box 4
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:11: error: tensor map 'H' needs its dimensions, outermost first: '\! tmap H f32[ROWS,COLS] ...'
\! tmap I f32[N,0] box 4,4
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:15: error: tensor map 'I': dimension '0' = 0 must be between 1 and 2^32
\! tmap J f32[N,N+] box 4,4
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:15: error: tensor map 'J': bad dimension 'N+': expression ends early
\! shared S f32[64] align 100
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:27: error: bad alignment '100' for shared 'S': must be a power of two
\! shared T f32[64] align 2048
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:27: error: bad alignment '2048' for shared 'T': must be between 1 and 1024
\! shared U f32[64] align
\ CHECK-DAG: tmap-header.forth:[[@LINE-1]]:21: error: expected one value after 'align' ('\! shared NAME TYPE[SIZE] align N')
