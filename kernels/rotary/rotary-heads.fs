\ Rotary position embedding (HuggingFace apply_rotary_pos_emb, rotate_half
\ convention) on q and k in one launch, several heads a thread:
\   out[j]        = x[j]*cos[j]               - x[j+R/2]*sin[j]
\   out[j+R/2]    = x[j+R/2]*cos[j+R/2]       + x[j]*sin[j+R/2]     (j < R/2)
\   out[e]        = x[e]                                            (R <= e < D)
\ q is (B, HQ, N, D), k is (B, HKV, N, D), cos and sin are (N, R) or
\ (B, N, R): CSB is their batch stride in elements (0 when shared).
\
\ Grid (ceil(N / BDIM-Y), ceil(HQ / HPT) + ceil(HKV / HPT), B), block
\ (BDIM-X, BDIM-Y): thread (x, y) of block (t, g, b) works on position
\ n = t * BDIM-Y + y of batch entry b, for HPT heads of one tensor: group
\ g < ceil(HQ / HPT) q's heads g*HPT .. g*HPT+HPT-1, the next groups k's
\ likewise (so a group never mixes q and k). Heads past the tensor's last
\ are its last head again, loaded and stored twice with the same values by
\ the same thread, so that no store is conditional and every load stays
\ ahead of the stores. The thread does units x, x + BDIM-X, ... of the
\ row. A unit is two vectors of V elements: a rotated unit u < NROT =
\ R/(2V) the features uV.. and uV+R/2..; a passed unit p = u - NROT, one
\ of NPU = ceil(NPV/2) for the NPV = (D-R)/V vectors past R, that part's
\ vectors p and p + NPU (p twice where p + NPU is past its end).
\
\ Every unit issues the same accesses, so a warp mixing both kinds does not
\ diverge: its cos/sin first (read once, applied to all HPT heads; a
\ passed unit reads unit 0's and ignores them), then both vectors of all
\ HPT heads, all before any arithmetic (2 * HPT * V * ESZ bytes in flight
\ a thread), then for each head the results, a passed unit storing the
\ words it read unchanged (bit for bit). Each thread reads only what it
\ writes (and cos/sin), so out = (q, k) works in place.
\
\ The wrapper (apply_rotary_heads.forth, a kernel a dtype: -D T) declares
\ the params, ESZ (bytes per element), V, HPT, NW = ceil(V*ESZ/4) (words a
\ vector) and EPW = V/NW (elements a word), the register arrays XA XB
\ (NW*HPT words) and CA CB SA SB (NW words), and for its dtype
\ LDW ( addr -- w0 .. w[NW-1] ), STW ( w0 .. w[NW-1] addr -- ),
\ UNPACK ( w -- x0 .. x[EPW-1] ) and PACK ( x0 .. x[EPW-1] -- w ). A word
\ is 32 bits (an f32, or two 16-bit elements), or with V = 1 for a 16-bit
\ dtype one element's bits (16).

: ESZ* ( n -- bytes )  ESZ * ;

\ One result word of a rotated unit: a*c - b*s element by element (ROTA),
\ and b*c + a*s (ROTB).
: ROTA ( wa wb wc ws -- w )
  { wa wb wc ws }
  EPW 2 = IF
    wa UNPACK wb UNPACK wc UNPACK ws UNPACK { a0 a1 b0 b1 c0 c1 s0 s1 }
    a0 c0 F* b0 s0 F* F-  a1 c1 F* b1 s1 F* F-  PACK
  ELSE
    wa UNPACK wc UNPACK F*  wb UNPACK ws UNPACK F* F-  PACK
  THEN ;
: ROTB ( wb wa wc ws -- w )
  { wb wa wc ws }
  EPW 2 = IF
    wb UNPACK wa UNPACK wc UNPACK ws UNPACK { b0 b1 a0 a1 c0 c1 s0 s1 }
    b0 c0 F* a0 s0 F* F+  b1 c1 F* a1 s1 F* F+  PACK
  ELSE
    wb UNPACK wc UNPACK F*  wa UNPACK ws UNPACK F* F+  PACK
  THEN ;

R 2/ { half }
half V / { nrot }
D R - V / { npv }
npv 1+ 2/ { npu }
nrot npu + { units }
HQ HPT 1- + HPT / { qg }                  \ groups of q's heads
BID-X BDIM-Y * TID-Y + { pos }
pos N < IF
  \ This block's tensor, heads, and the byte offset of its first row.
  BID-Y qg < IF  HQ Q QO BID-Y  ELSE  HKV K KO BID-Y qg -  THEN
  HPT * { hn src0 dst0 hf }
  hn 1- hf - { last }                     \ the group's last head (index)
  N D * ESZ* { hs }                       \ bytes from a head to the next
  BID-Z hn * hf + N * pos + D * ESZ* { roff }
  BID-Z CSB * pos R * + ESZ* { cso }
  half ESZ* { hb }
  TID-X BEGIN DUP units < WHILE { u }
    u nrot < { isrot }
    u nrot - { p }
    p npu + { p2 }
    p2 npv >= IF p TO p2 THEN
    \ Byte offsets in the row of the unit's two vectors.
    isrot IF  u V *  u V * half +  ELSE  p V * R +  p2 V * R +  THEN
    ESZ* roff + { eb }  ESZ* roff + { ea }
    isrot IF u V * ELSE 0 THEN ESZ* cso + { ci }
    COS ci + LDW       NW 0 UNROLL DO  NW 1- I - CA!  LOOP
    COS ci + hb + LDW  NW 0 UNROLL DO  NW 1- I - CB!  LOOP
    SIN ci + LDW       NW 0 UNROLL DO  NW 1- I - SA!  LOOP
    SIN ci + hb + LDW  NW 0 UNROLL DO  NW 1- I - SB!  LOOP
    HPT 0 UNROLL DO
      I last MIN hs * src0 + { src }
      src ea + LDW  NW 0 UNROLL DO  J NW * NW 1- I - + XA!  LOOP
      src eb + LDW  NW 0 UNROLL DO  J NW * NW 1- I - + XB!  LOOP
    LOOP
    HPT 0 UNROLL DO
      I last MIN hs * dst0 + { dst }
      NW 0 UNROLL DO
        J NW * I + { w }
        w XA@ w XB@ I CA@ I SA@ ROTA  isrot 0= IF DROP w XA@ THEN
      LOOP
      dst ea + STW
      NW 0 UNROLL DO
        J NW * I + { w }
        w XB@ w XA@ I CB@ I SB@ ROTB  isrot 0= IF DROP w XB@ THEN
      LOOP
      dst eb + STW
    LOOP
    u BDIM-X +
  REPEAT DROP
THEN
