"""The kernel the autotune and cache tests time: cheap to compile, and
slow on purpose when asked (REPS), so that configs differ in speed."""

# Adds 1 to each of N floats; each thread handles VPT of them. REPS > 1
# makes it slower on purpose: it adds 1/REPS REPS times (exact for a
# power of two), a chain of float additions no optimizer may shorten.
BUMP = """\\! kernel bump
\\! float f32
\\! param X f32[N]
\\! param N i64
\\! const VPT 1
\\! const REPS 1
VPT 0 DO
  GLOBAL-ID VPT * I +  DUP N < IF
    FLOATS X +
    REPS 0 DO  DUP F@ 1.0e0 REPS S>F F/ F+  OVER F!  LOOP
    DROP
  ELSE DROP THEN
LOOP
"""
