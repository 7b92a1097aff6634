\ WGMMA-BF16 and WGMMA-F16 take the name of their accumulator array: an f32
\ register array of N/2 elements; anything else is an error at the name.
\ RUN: %not %warpforthc %s --arch sm_90 2>&1 | FileCheck %s

\! kernel k
\! param P i64[4]
\! reg ACC f32[8]
\! reg WIDE f64[8]
\! reg ODD f32[6]
1 2 0 0 0 WGMMA-BF16 P
\ CHECK: wgmma-accumulator.forth:[[@LINE-1]]:22: error: 'WGMMA-BF16' needs the name of a register array after it
1 2 0 0 0 WGMMA-BF16 WIDE
\ CHECK: wgmma-accumulator.forth:[[@LINE-1]]:22: error: 'WGMMA-BF16' needs an f32 register array of 4 to 128 elements, a multiple of 4 (N/2 for m64nNk16), and 'WIDE' is not one
1 2 0 0 0 WGMMA-F16 ODD
\ CHECK: wgmma-accumulator.forth:[[@LINE-1]]:21: error: 'WGMMA-F16' needs an f32 register array of 4 to 128 elements, a multiple of 4 (N/2 for m64nNk16), and 'ODD' is not one
1 2 0 0 0 WGMMA-F16
\ CHECK: wgmma-accumulator.forth:[[@LINE-1]]:11: error: 'WGMMA-F16' needs the name of a register array after it
