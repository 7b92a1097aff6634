\! kernel stencil
\! const W 16
\! const H W*2
\! param GRID i32[W*H]
\! param OUT i32[W*H]
H 0 DO
  W 0 DO
    0
    3 0 DO
      J K + DROP
      I 1- J + W * I + 4 * GRID + I32@ +
    LOOP
    J W * I + 4 * OUT + I32!
  2 +LOOP
LOOP
