\ Strided tensor maps ('\! tmap ... strides'): TMA reads boxes out of
\ views whose rows are not packed, and the kernel writes them out densely.
\ P is f32[R,8] with rows PITCH = 12 elements apart (4 of padding after
\ each row of 8): its buffer holds the extent (R-1)*PITCH+8 = 68 elements,
\ P[i] = i (iota), and the 4x8 box at row Y is rows Y..Y+3, their padding
\ skipped, zeros past row R-1. Q is the motivating case: q = qkv[:, :, 0]
\ of a dense (B, N, 3, H, D) = (2, 4, 3, 3, 8) f32 tensor seen as (B, H,
\ N, D) = (2, 3, 4, 8), strides (N*3*H*D, D, 3*H*D) = (288, 8, 72)
\ elements (H's smaller than N's), extent 288 + 2*8 + 3*72 + 8 = 528, qkv
\ = iota; one 4-D box takes the whole view. OUT is P's box (32 values),
\ then Q's in (b, h, n, d) order (192). A dense map (or any wrong stride)
\ would read other elements.
\ Expected (Python): P part [(Y+r)*12 + c if Y+r < 6 else 0 for r in
\ range(4) for c in range(8)]; Q part [288*b + 8*h + 72*n + d for b in
\ range(2) for h in range(3) for n in range(4) for d in range(8)].
\! kernel tma_strided
\! const Y 1
\! tmap P f32[R,8] strides PITCH box 4,8
\! tmap Q f32[2,3,4,8] strides QSB,QSH,QSN box 2,3,4,8
\! param R i32
\! param PITCH i32
\! param QSB i64
\! param QSH i64
\! param QSN i64
\! param OUT f32[224]       \ P's box, then Q's
\! shared BAR i64[1]
\! shared TP f32[32] align 128
\! shared TQ f32[192] align 128
TID-X 0= IF
  1 BAR MBAR-INIT
  896 BAR MBAR-ARRIVE-TX        \ 128 + 768 bytes
  Y 0 BAR TP P TMA-LOAD-2D
  0 0 0 0 BAR TQ Q TMA-LOAD-4D
THEN
BARRIER
0 BAR MBAR-WAIT
32 0 DO  I TID-X + 4 * { o }  o TP + SF32@  o OUT + F32!  32 +LOOP
192 0 DO  I TID-X + 4 * { o }  o TQ + SF32@  o 128 + OUT + F32!  32 +LOOP
\ E2E: --arch sm_90 --block 32 --param P=iota --param R=6 --param PITCH=12 --param Q=iota --param QSB=288 --param QSH=8 --param QSN=72 --param OUT=zeros --output-param OUT -D Y=1
\ EXPECT: 12,13,14,15,16,17,18,19,24,25,26,27,28,29,30,31,36,37,38,39,40,41,42,43,48,49,50,51,52,53,54,55,0,1,2,3,4,5,6,7,72,73,74,75,76,77,78,79,144,145,146,147,148,149,150,151,216,217,218,219,220,221,222,223,8,9,10,11,12,13,14,15,80,81,82,83,84,85,86,87,152,153,154,155,156,157,158,159,224,225,226,227,228,229,230,231,16,17,18,19,20,21,22,23,88,89,90,91,92,93,94,95,160,161,162,163,164,165,166,167,232,233,234,235,236,237,238,239,288,289,290,291,292,293,294,295,360,361,362,363,364,365,366,367,432,433,434,435,436,437,438,439,504,505,506,507,508,509,510,511,296,297,298,299,300,301,302,303,368,369,370,371,372,373,374,375,440,441,442,443,444,445,446,447,512,513,514,515,516,517,518,519,304,305,306,307,308,309,310,311,376,377,378,379,380,381,382,383,448,449,450,451,452,453,454,455,520,521,522,523,524,525,526,527
\ Rows 4 and 5, then two rows past the tensor (zeros).
\ E2E: --arch sm_90 --block 32 --param P=iota --param R=6 --param PITCH=12 --param Q=iota --param QSB=288 --param QSH=8 --param QSN=72 --param OUT=zeros --output-param OUT -D Y=4
\ EXPECT: 48,49,50,51,52,53,54,55,60,61,62,63,64,65,66,67,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,2,3,4,5,6,7,72,73,74,75,76,77,78,79,144,145,146,147,148,149,150,151,216,217,218,219,220,221,222,223,8,9,10,11,12,13,14,15,80,81,82,83,84,85,86,87,152,153,154,155,156,157,158,159,224,225,226,227,228,229,230,231,16,17,18,19,20,21,22,23,88,89,90,91,92,93,94,95,160,161,162,163,164,165,166,167,232,233,234,235,236,237,238,239,288,289,290,291,292,293,294,295,360,361,362,363,364,365,366,367,432,433,434,435,436,437,438,439,504,505,506,507,508,509,510,511,296,297,298,299,300,301,302,303,368,369,370,371,372,373,374,375,440,441,442,443,444,445,446,447,512,513,514,515,516,517,518,519,304,305,306,307,308,309,310,311,376,377,378,379,380,381,382,383,448,449,450,451,452,453,454,455,520,521,522,523,524,525,526,527
\ warpforth-run sizes P's buffer from the signature: the extent, 68
\ elements (iota: 0 to 67), not the dims' product, 48.
\ E2E: --arch sm_90 --block 32 --param P=iota --param R=6 --param PITCH=12 --param Q=iota --param QSB=288 --param QSH=8 --param QSN=72 --param OUT=zeros --output-param P
\ EXPECT: 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67
\ Every stride must be a multiple of 16 bytes (10 f32 = 40 bytes).
\ E2E-ERROR: --arch sm_90 --block 32 --param P=f32[58]:iota --param R=6 --param PITCH=10 --param Q=iota --param QSB=288 --param QSH=8 --param QSN=72 --param OUT=zeros
\ EXPECT-STDERR: tensor map 'P': stride 'PITCH' (of dimension 1, outermost first) is 40 bytes; TMA needs every stride to be a multiple of 16 bytes
