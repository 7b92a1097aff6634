\ The cos/sin cache of HuggingFace's rotary embedding, in f32:
\   COS[row, j] = COS[row, j + HALF] = cos(float(POS[row]) * INV[j])
\ (SIN likewise) for j < HALF. INV is inv_freq, computed by the host as HF
\ computes it (torch's f32 pow, which libdevice's powf need not match to
\ the bit); float() and the product are f32 roundings, as in HF.
\
\ The language has no sine or cosine (libdevice's use local memory for
\ their argument reduction), so they are computed here in f64: the f32
\ angle a (exact in f64) is reduced by kq = round(a * 2/pi) against pi/2 in
\ four parts, three of 29 bits (kq times each is exact for |kq| < 2^24:
\ angles up to about 2.6e7), then Taylor series to r^17 and r^18 on
\ |r| <= pi/4 (truncation below 1e-19), rounded once to f32: within half
\ an ulp of the true value and a hair (torch's f32 cos and sin are within
\ one or two).
\
\ Products past 2^24 are no longer exact, yet every f32 angle up to 2^27
\ still comes out within half an ulp (measured: all of them, against f64
\ references); past it the error grows (2^27 to 2^28: 5e5 ulp near a zero
\ of cos). So positions beyond +-2^27 (LIMIT; the host refuses them where
\ it can read them) give NaN here: an angle never exceeds its position,
\ as inv_freq <= 1.
\
\ Grid ceil(ROWS*HALF / 256) blocks of 256 threads, one (row, j) each.
\! kernel rotary_cos_sin
\! float f64
\! param POS i64[ROWS]
\! param INV f32[HALF]
\! param COS f32[ROWS*2*HALF]
\! param SIN f32[ROWS*2*HALF]
\! param ROWS i64
\! param HALF i64
\! const LIMIT 134217728

\ x rounded to f32, through the thread's own output slot (the store rounds
\ to nearest even, the load widens exactly).
: ROUND32 ( x addr -- x' )  DUP >R F32! R> F32@ ;

\ sin(r) = r (1 - z/3! + z^2/5! - ... + z^8/17!), z = r^2.
: SIN-POLY ( r -- s )
  DUP FSQUARE { z }
  2.8114572543455206e-15
  z F* -7.647163731819816e-13 F+   z F* 1.6059043836821613e-10 F+
  z F* -2.505210838544172e-08 F+   z F* 2.7557319223985893e-06 F+
  z F* -0.0001984126984126984 F+   z F* 0.008333333333333333 F+
  z F* -0.16666666666666666 F+     z F* 1.0 F+  F* ;

\ cos(r) = 1 - z/2! + z^2/4! - ... - z^9/18!.
: COS-POLY ( r -- c )
  FSQUARE { z }
  -1.5619206968586225e-16
  z F* 4.779477332387385e-14 F+    z F* -1.1470745597729725e-11 F+
  z F* 2.08767569878681e-09 F+     z F* -2.755731922398589e-07 F+
  z F* 2.48015873015873e-05 F+     z F* -0.001388888888888889 F+
  z F* 0.041666666666666664 F+     z F* -0.5 F+  z F* 1.0 F+ ;

GLOBAL-ID { g }
g ROWS HALF * < IF
  g HALF / { row }
  row 2 * HALF * g row HALF * - + 4 * { o }
  COS o + { ca }
  SIN o + { sa }
  POS row 8 * + @ { p }
  p LIMIT > p LIMIT NEGATE < OR { bad }
  p S>F  ca ROUND32
  INV g row HALF * - 4 * + F32@ F*  ca ROUND32 { a }
  a 0.6366197723675814 F* 0.5 F+ FLOOR { kq }
  a  kq 1.570796325802803 F* F-  kq 9.920935808982456e-10 F* F-
  kq -1.2177051780877821e-18 F* F-  kq 2.9038559739793605e-28 F* F- { r }
  r SIN-POLY { s }  r COS-POLY { c }
  \ a = kq pi/2 + r: by the quadrant, (cos a, sin a) is (c, s), (-s, c),
  \ (-c, -s) or (s, -c).
  kq F>S 3 AND { q }
  q 0 = IF c s ELSE q 1 = IF s FNEG c ELSE
  q 2 = IF c FNEG s FNEG ELSE s c FNEG THEN THEN THEN { c1 s1 }
  bad IF 0.0 0.0 F/ DUP ELSE c1 s1 THEN { cv sv }
  cv ca F32!  cv ca HALF 4 * + F32!
  sv sa F32!  sv sa HALF 4 * + F32!
THEN
