\ The user's score and mask words (issue 37, FlexAttention in Forth): this
\ file is the kernels' default, without them. With flash_attention's
\ mask_mod or score_mod the op compiles a copy of the kernel's top file
\ from a folder of its own (ops/_attention_mods.py), where a generated
\ flash-mods.fs stands next to it and is read instead of this one: the
\ same constants and words, the user's source INCLUDEd, and the params
\ the words read (ARG0.. of mod_args, BLN and BLI of the block mask)
\ added to the kernel's header.
\
\ MODS-MASK: MASK-MOD ( b h q k -- flag ), true where query q of batch b
\   (VARLEN: sequence b), query head h, sees key k (q and k positions in
\   the sequence), ANDed with the kernel's own rules.
\ MODS-SCORE: SCORE-MOD ( s b h q k -- s' ) on each score after the scale
\   (and SOFTCAP), before the softmax; MODS-GRAD: SCORE-MOD-GRAD ( s b h q
\   k -- ds'/ds ) for the backward.
\ MODS-BLOCKS: with MODS-MASK, the key tiles that each query tile visits
\   are listed (mods-tiles, mods-tile): the block mask that the op's
\   flash_block_mask kernel made from MASK-MOD, with a flag on the tiles
\   where MASK-MOD must be asked score by score.
0 CONSTANT MODS-MASK
0 CONSTANT MODS-SCORE
0 CONSTANT MODS-GRAD
0 CONSTANT MODS-BLOCKS
: MASK-MOD ( b h q k -- flag )  2DROP 2DROP -1 ;
: SCORE-MOD ( s b h q k -- s' )  2DROP 2DROP ;
: SCORE-MOD-GRAD ( s b h q k -- g )  2DROP 2DROP DROP 1.0 ;
\ The list of query tile qt of (batch, head) pair `pair`: where its
\ entries start in BLI and how many there are.
: mods-tiles ( pair qt -- first count )  2DROP 0 0 ;
\ Entry i of a list: 2 t + partial (key tile t; partial: MASK-MOD hides
\ some of the tile's scores, so that they are masked one by one).
: mods-tile ( i -- entry )  DROP 0 ;
\ Entry i's bit mask: its slot (-1: none, MASK-MOD is asked), and word w
\ of a slot's (flash_block_mask.forth has the layout; flash-grid.fs
\ row-bits reads it).
: mods-slot ( i -- slot )  DROP -1 ;
: mods-word ( slot w -- word )  2DROP 0 ;
