\ Causal attention in f32 for all heads of a layer in one launch:
\ grid (SEQ_LEN, HEADS, 1), block (32..1024,1,1). Q K V O hold HEADS
\ row-major SEQ_LEN x HEAD_DIM matrices back to back (a contiguous
\ (heads, seq_len, head_dim) tensor; batch folds into HEADS). BID-Y picks
\ the head; BID-X the query row within it, as in attention-f32.forth.
\! kernel attention_mh_f32
\! float f32
\! const MAX_SEQ 1024
\! const MAX_BLOCK 1024
\! param Q f32[HEADS*SEQ_LEN*HEAD_DIM]
\! param K f32[HEADS*SEQ_LEN*HEAD_DIM]
\! param V f32[HEADS*SEQ_LEN*HEAD_DIM]
\! param O f32[HEADS*SEQ_LEN*HEAD_DIM]
\! param SEQ_LEN i64
\! param HEAD_DIM i64
\! param HEADS i64
\! shared SCORES f32[MAX_SEQ]
\! shared SCRATCH f32[MAX_BLOCK]

\ The single-head body reads Q K V O as the bases of one head's matrices;
\ shadowing each param with its head's base lets that body run unchanged.
\ Inside a definition the name still means the param (the new word is not
\ visible until ;).
: head-base ( addr -- addr' )  BID-Y SEQ_LEN * HEAD_DIM * FLOATS + ;
: Q  Q head-base ;
: K  K head-base ;
: V  V head-base ;
: O  O head-base ;
INCLUDE attention-body.forth
