\ The masked write of top-k/top-p rows (topk-rows.fs) and of the split
\ top-k's last pass (topk-apply.fs): needs U, COLS, ESZ, ST and NEG-INF
\ (topk-keys.fs).

\ The U values on the stack, of columns jx, jx + BDIM-X, .., jx + (U-1)
\ BDIM-X (the last on top), into row yrow: those below cut as -inf, the
\ rest as they are; columns past COLS are not written.
: store-masked ( v0 .. vU-1 jx cut yrow -- )
  { jx cut yrow }
  U 0 UNROLL DO
    { v }
    jx U 1- I - BDIM-X * + { jj }
    jj COLS < IF
      v cut F< IF NEG-INF ELSE v THEN  jj ESZ * yrow + ST
    THEN
  LOOP ;
