\ The backward of RMSNorm / LayerNorm (norm_backward.forth declares the
\ header). With xhat = (h - mean) * rstd (mean 0 for RMSNorm) and
\ g = dy * w:
\   dx = rstd * (g - mean(g) - xhat * mean(g * xhat))   (RMSNorm: no mean(g))
\   dw = sum over rows of dy * xhat,   db = sum over rows of dy.
\ A group of GROUP threads takes rows GROUP-ID, GROUP-ID + NGROUPS, ...,
\ all groups of a block in step (the same number of rounds: the shuffles
\ and barriers need every lane), and keeps its dw (db) partial sums per
\ column: in registers (AW, AB) with VPT > 0, where the row is read once
\ into registers too; with VPT = 0 (any length) in its row of PW (PB),
\ read, added to and written each row (no other group touches it), and
\ the row read twice (the sums, then dx).

: ROW-BASE ( row -- e )  ROWS 1- MIN COLS * ;
\ The row's statistics (a row past ROWS: the last row's; its dy is 0).
: STATS@ ( row -- mean rstd )
  ROWS 1- MIN { r }
  LAYER IF  r FLOATS MEANS + F@  ELSE  0.0  THEN  r FLOATS RSTDS + F@ ;
\ dx's VN values in V, plus DH's (DHIN), stored at element e.
: DXPUT ( e -- )
  { e }  DHIN IF  e ESZ * DH + LDN V+  THEN  VPUSH e ESZ * DX + STN ;

\ The looped path's vectors at element e of the row starting at element
\ base = e - c: the weight's (at column c) into V, h's into HV, dy's into DV.
: VLOADS ( c e -- )
  { c e }
  e ESZ * HX + LDN VPUT  VN 0 UNROLL DO  I V@ I HV!  LOOP
  e ESZ * DY + LDN VPUT  VN 0 UNROLL DO  I V@ I DV!  LOOP
  c ESZ * WEIGHT + LDN VPUT ;

\ This group's rounds: while the block's first group has a row.
0 { rnd }
BEGIN  BID-X GROUPS-PER-BLOCK * rnd NGROUPS * + ROWS <  WHILE
  GROUP-ID rnd NGROUPS * + { row }
  row ROWS < { live }
  row ROW-BASE { base }
  row STATS@ { mu rstd }
  0.0 0.0 { sg sgx }

  VPT 0 > IF
    \ h and dy into registers (0 past the row, and for a row past ROWS).
    VPT 0 UNROLL DO
      I COL DUP COLS < live AND IF
        base + { e }
        e ESZ * HX + LDN VPUT  VN 0 UNROLL DO  I V@ SLOT XS!  LOOP
        e ESZ * DY + LDN VPUT  VN 0 UNROLL DO  I V@ SLOT GS!  LOOP
      ELSE
        DROP  VN 0 UNROLL DO  0.0 SLOT XS!  0.0 SLOT GS!  LOOP
      THEN
    LOOP
    \ The sums, the partials, and g in place of dy.
    VPT 0 UNROLL DO
      I COL DUP COLS < IF
        ESZ * WEIGHT + LDN VPUT
        VN 0 UNROLL DO
          SLOT XS@ mu F- rstd F* { xh }  SLOT GS@ { d }  d I V@ F* { g }
          sg g F+ TO sg  sgx g xh F* F+ TO sgx
          SLOT AW@ d xh F* F+ SLOT AW!
          BIAS IF  SLOT AB@ d F+ SLOT AB!  THEN
          g SLOT GS!
        LOOP
      ELSE DROP THEN
    LOOP
    sg sgx RSUM2 COLS S>F F/ TO sgx  COLS S>F F/ TO sg
    VPT 0 UNROLL DO
      I COL DUP COLS < live AND IF
        VN 0 UNROLL DO
          SLOT XS@ mu F- rstd F* { xh }
          SLOT GS@  LAYER IF sg F- THEN  xh sgx F* F-  rstd F*  I V!
        LOOP
        base + DXPUT
      ELSE DROP THEN
    LOOP
  THEN

  VPT 0 = IF
    FIRST-COL BEGIN DUP COLS < live AND WHILE
      DUP DUP base + VLOADS
      VN 0 UNROLL DO
        I HV@ mu F- rstd F* { xh }  I DV@ I V@ F* { g }
        sg g F+ TO sg  sgx g xh F* F+ TO sgx
      LOOP
      STRIDE +
    REPEAT DROP
    sg sgx RSUM2 COLS S>F F/ TO sgx  COLS S>F F/ TO sg
    FIRST-COL BEGIN DUP COLS < live AND WHILE
      DUP DUP base + VLOADS
      VN 0 UNROLL DO
        I HV@ mu F- rstd F* { xh }  I DV@ { d }
        \ this group's partials: PW[group, j + I] += dy * xhat (PB += dy)
        GROUP-ID COLS * OVER + I + FLOATS { p }
        p PW + F32@ d xh F* F+  p PW + F32!
        BIAS IF  p PB + F32@ d F+  p PB + F32!  THEN
        d I V@ F*  LAYER IF sg F- THEN  xh sgx F* F-  rstd F*  I V!
      LOOP
      DUP base + DXPUT
      STRIDE +
    REPEAT DROP
  THEN
  rnd 1+ TO rnd
REPEAT

\ The register path's partials: this group's row of PW (PB).
VPT 0 > IF
  VPT 0 UNROLL DO
    I COL DUP COLS < IF
      GROUP-ID COLS * + FLOATS { a }
      VN 0 UNROLL DO  SLOT AW@  LOOP  a PW + F32N!
      BIAS IF  VN 0 UNROLL DO  SLOT AB@  LOOP  a PB + F32N!  THEN
    ELSE DROP THEN
  LOOP
THEN
