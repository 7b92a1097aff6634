\ The narrow float words in f32 mode: HF@ BF@ F32@ widen to the f32 slot,
\ HF! BF! F32! round from f32, and SHF@ SHF! SBF@ SBF! SF32@ SF32! do the
\ same in shared memory. Expected (Python struct 'e'/'f', bf16 by 8-bit
\ mantissa rounding of the f32 value): f16(2.5*x), bf16(x/3), -x in f32
\ (FNEG of 0 is -0).
\! kernel main
\! float f32
\! param H f16[4]
\! param B bf16[4]
\! param F f32[4]
\! shared SH f16[4]
\! shared SB bf16[4]
\! shared SF f32[4]
TID-X { t }
t 2 * H + HF@ 2.5 F*    t 2 * SH + SHF!
t 2 * B + BF@ 3.0 F/    t 2 * SB + SBF!
t 4 * F + F32@ FNEG     t 4 * SF + SF32!
BARRIER
t 2 * SH + SHF@         t 2 * H + HF!
t 2 * SB + SBF@         t 2 * B + BF!
t 4 * SF + SF32@        t 4 * F + F32!
\ E2E: --param H=0.5,-1.25,3000,0.1 --param B=1,-7,100,0.2 --param F=1.5,-0.1,0,1e30 --block 4 --output-param H
\ EXPECT: 1.25,-3.125,7500,0.25
\ E2E: --param H=0.5,-1.25,3000,0.1 --param B=1,-7,100,0.2 --param F=1.5,-0.1,0,1e30 --block 4 --output-param B
\ EXPECT: 0.33398438,-2.328125,33.25,0.06689453
\ E2E: --param H=0.5,-1.25,3000,0.1 --param B=1,-7,100,0.2 --param F=1.5,-0.1,0,1e30 --block 4 --output-param F
\ EXPECT: -1.5,0.1,-0,-1e+30
