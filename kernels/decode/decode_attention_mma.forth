\ Flash-decoding attention on the 16-bit tensor cores, cache, q and o of
\ type T (-D T: bf16 or f16; decode-mma.fs has the design, decode.fs the
\ layout; the params are decode_attention.forth's). -D HEAD_DIM (64, 128 or
\ 256), RB (8 or 16 rows a block: the MMA's M, padded), KT (keys a warp
\ step, a multiple of 16), WARPS, STAGES (the cp.async ring, 1 or more),
\ PAGED (0 contiguous, 1 pages of at least KT keys, 2 smaller pages),
\ MIN_BLOCKS; warpforth.ops picks them (_decode.py).
\! kernel decode_attention_mma_{T}
\! type T bf16 f16
\! float f32
\! const HEAD_DIM 128
\! const RB 8
\! const KT 16
\! const PAGED 0
\! const FUSED 0                     \ the last split merges (no merge kernel)
\! const PDL 0                       \ sm_90: the merge kernel launches while this one runs (decode-common.fs)
\! const WARPS 4
\! const STAGES 2
\! const MIN_BLOCKS 3
\! const ESZ sizeof(T)
\! const NTHREADS 32*WARPS
\! const LG HEAD_DIM*ESZ/16     \ 16-byte chunks of a row
\! const CPS KT*LG/32           \ chunks of K (and of V) a lane copies a step
\! const NH RB/4                \ cells of Q a lane keeps per 16 features
\! const CRS 32/LG               \ rows a warp copy instruction moves
\! const WOS HEAD_DIM+8         \ floats between the rows of WO
\! launch-bounds NTHREADS MIN_BLOCKS
\! param Q T[BATCH*HQ*NQ*HEAD_DIM]
\! param KC T[KVN]
\! param VC T[KVN]
\! param O T[BATCH*HQ*NQ*HEAD_DIM]
\! param LSE f32[BATCH*HQ*NQ]
\! param OP f32[]
\! param LP f32[]
\! param COUNT f32[]                 \ FUSED: the blocks of a group done
\! param SEQLENS i32[BATCH]
\! param BT i32[BTN]
\! param BATCH i64
\! param HQ i64
\! param HKV i64
\! param NQ i64
\! param NCAP i64
\! param MAXBLK i64
\! param NBLK i64
\! param PSHIFT i64
\! param KVN i64
\! param BTN i64
\! param NSPLIT i64
\! param NCH i64
\! param SCALE f32
\! shared WM f32[WARPS*RB]
\! shared WL f32[WARPS*RB]
\! const WOF WARPS*RB*WOS                 \ floats: the warps' end states
\! const RINGF WARPS*STAGES*2*KT*LG*4     \ floats: the warps' rings
\! const WOGE (WOF-RINGF+1073741824)/1073741824   \ 1 if WOF >= RINGF
\! shared WO f32[RINGF+(WOF-RINGF)*WOGE] align 128  \ the larger: one array; 128-aligned (16 bytes off cost 9% at B8 N4096)
\! shared LAST i64[1]                \ FUSED: this block merges
\! reg QF i32[HEAD_DIM/16*NH]
\! reg SC f32[KT/2]
\! reg OC f32[HEAD_DIM/2]
\! reg ML f32[4]
: MMA ( a0 a1 a2 a3 b0 b1 c0 c1 c2 c3 -- d0 d1 d2 d3 )  MMA-{T} ;
: PACK ( x0 x1 -- pair )  F>{T}X2 ;
: OST ( x addr -- )  {T}! ;
INCLUDE decode-mma.fs
