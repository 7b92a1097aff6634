\ Loads and stores of VW consecutive elements (VW = 1 or 4, a const of the
\ kernel): LDV ( addr -- x0 .. x[VW-1] ) and STV ( x0 .. x[VW-1] addr -- ),
\ on the wrapper's dtype words LD ST (one element) and LD4 ST4 (four; the
\ address aligned to four elements, which the caller checks).
: LDV  VW 4 = IF LD4 ELSE LD THEN ;
: STV  VW 4 = IF ST4 ELSE ST THEN ;

\ VW elements into an online softmax state (lib/rowstats.fs, included
\ first).
: MSV+ ( x0 .. x[VW-1] m s -- m' s' )
  VW 4 = IF MS4+ ELSE ROT MS+ THEN ;
