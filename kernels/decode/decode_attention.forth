\ Flash-decoding attention, cache, q and o of type T (-D T: bf16, f16 or
\ f32; decode.fs has the design and the layout). -D HEAD_DIM (32, 64, 128
\ or 256), RB (query rows a block: heads x new tokens of one KV head), U
\ (16-byte loads of K and of V per lane per step), CPL, PAGED, WARPS,
\ MIN_BLOCKS, PREFETCH, STAGES; warpforth.ops picks them (_decode.py).
\! kernel decode_attention_{T}
\! type T bf16 f16 f32
\! float f32
\! const HEAD_DIM 128
\! const RB 4
\! const U 4
\! const PAGED 0
\! const FUSED 0                     \ the last split merges (no merge kernel)
\! const PDL 0                       \ sm_90: the merge kernel launches while this one runs (decode-common.fs)
\! const WARPS 4
\! const MIN_BLOCKS 4
\! const PREFETCH 0
\! const STAGES 0      \ >0: K/V through a ring of STAGES cp.async steps
\! const ESZ sizeof(T)
\! const NTHREADS 32*WARPS
\! const LG HEAD_DIM*ESZ/16
\! const CPL (LG+31)/32     \ 16-byte chunks of a key a lane (decode.fs)
\! const LGW LG/CPL
\! const KPW 32/LGW
\! const EPC 16/ESZ
\! const FPL CPL*EPC
\! const PER 4/ESZ
\! const SK U*KPW
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
\! const WOF WARPS*RB*HEAD_DIM      \ floats: the warps' end states
\! const RINGF WARPS*STAGES*2*U*CPL*128   \ floats: the warps' rings
\! const WOGE (WOF-RINGF+1073741824)/1073741824   \ 1 if WOF >= RINGF
\! shared WO f32[RINGF+(WOF-RINGF)*WOGE] align 128  \ the larger: one array; 128-aligned (16 bytes off cost 9% at B8 N4096)
\! shared QS f32[RB*HEAD_DIM]
\! shared LAST i64[1]                \ FUSED: this block merges
\! reg ACC f32[RB*FPL]
\! reg KR f32[U*CPL*4]
\! reg VR f32[U*CPL*4]
\! reg KN f32[PREFETCH*U*CPL*4+1-PREFETCH]
\! reg VN f32[PREFETCH*U*CPL*4+1-PREFETCH]
\! reg SC f32[U*RB]
\! reg ML f32[2*RB]
: QLD ( addr -- x )  {T}@ ;
: OST ( x addr -- )  {T}! ;
: CELL>-bf16 ( cell -- x0 x1 )  BF16X2>F ;
: CELL>-f16 ( cell -- x0 x1 )  F16X2>F ;
: CELL>-f32 ( cell -- x ) ;        \ an f32 cell is its element
: CELL> ( cell -- x0 .. x[PER-1] )  CELL>-{T} ;
INCLUDE decode.fs
