\ WGMMA-BF16 / WGMMA-F16 / WGMMA-DESC (and with RS=1 WGMMA-BF16-RS /
\ WGMMA-F16-RS, A from registers): one m64n16k16 product by a warpgroup
\ (128 threads). A (64 x k16) and B (n16 x k16) are stored in shared memory
\ in each of PTX's canonical layouts (docs/language.md, "Hopper warpgroup
\ MMA"): K-major or M/N-major (TA, TB), without swizzle (8 x 16-byte core
\ matrices) or with the 32, 64 or 128-byte swizzle (SWZ); the
\ accumulators are read back in the fragment layout (thread 32w + 4g + q
\ holds D[16w + g + 8r][8j + 2q + c] in ACC[4j + 2r + c]). ACCUM 1 starts
\ from C[m][n] = m - n (scale-d 1); ACCUM 0 starts from 1e9, which scale-d
\ 0 must ignore. Small integers are exact in bf16, f16 and f32.
\ Expected: numpy, A[m][k] = (3m+5k)%11-5, B[n][k] = (7k+2n)%9-4,
\ D = A @ B.T (+ C), row-major 64 x 16.
\! kernel wgmma
\! float f32
\! const SWZ 0
\! const TA 0
\! const TB 0
\! const ACCUM 0
\! const KIND 0    \ 0: bf16, 1: f16
\! const RS 0      \ 1: A from registers (WGMMA-BF16-RS / -F16-RS)
\! param D f32[1024]
\! param BAD i64[1]   \ accumulators that differ from a scalar reference
\! shared AS bf16[4096] align 1024
\! shared BS bf16[1024] align 1024
\! reg ACC f32[8]
: swizzled ( off -- off' )
  DUP 7 RSHIFT
  SWZ 128 = IF 7 ELSE SWZ 64 = IF 3 ELSE SWZ 32 = IF 1 ELSE 0 THEN THEN THEN
  AND 4 LSHIFT XOR ;
\ Byte offset of element (mn, k) of a ROWS x k16 operand, then its
\ descriptor's leading and stride byte offsets.
: kmajor ( mn kk -- off )  { mn kk }
  SWZ 0= IF  mn 8 MOD 16 *  mn 8 / 256 * +  kk 8 MOD 2* +  kk 8 / 128 * +
  ELSE  mn 8 MOD SWZ *  mn 8 / SWZ 8 * * +  kk 2* +  THEN ;
: mnmajor ( mn kk rows -- off )  { mn kk rows }
  SWZ 0= IF  mn 8 MOD 2*  mn 8 / 128 * +  kk 8 MOD 16 * +  kk 8 / rows 16 * * +
  ELSE  mn SWZ 2/ MOD 2*  mn SWZ 2/ / SWZ 16 * * +  kk 8 MOD SWZ * +  kk 8 / SWZ 8 * * +  THEN ;
: offset ( mn kk rows trans -- off )  IF mnmajor ELSE DROP kmajor THEN swizzled ;
: strides ( rows trans -- lbo sbo )
  IF  SWZ 0= IF 16 * 128 ELSE DROP SWZ 16 * SWZ 8 * THEN
  ELSE  DROP SWZ 0= IF 128 256 ELSE 16 SWZ 8 * THEN  THEN ;
: store ( x addr -- )  KIND IF SHF! ELSE SBF! THEN ;
: a ( m kk -- x )  5 * SWAP 3 * + 11 MOD 5 - ;
: b ( n kk -- x )  7 * SWAP 2* + 9 MOD 4 - ;
: c ( m n -- x )  ACCUM IF - ELSE 2DROP 0 THEN ;
: reference ( m n -- x )  { m n }  m n c  16 0 DO  m I a  n I b * +  LOOP ;
TID-X 128 MOD { t }   \ every warpgroup multiplies the same tiles
\ The first warpgroup fills them (two writing the same bytes would race,
\ equal values or not: the CPU sanitizer reports it).
TID-X 128 < IF
  8 0 DO  t 8 * I + 16 /MOD { kk m }
    m kk a S>F  m kk 64 TA offset AS + store  LOOP
  2 0 DO  t 2* I + 16 /MOD { kk n }
    n kk b S>F  n kk 16 TB offset BS + store  LOOP
THEN
BARRIER
: row ( r -- m )  8 * TID-X 32 MOD 4 / +  TID-X 128 MOD 32 / 16 * + ;
: col ( j c -- n )  SWAP 8 * +  TID-X 4 MOD 2* + ;
\ A's pair (row r of the thread's two, columns k and k+1) as one cell.
: pair ( r k -- cell )  { r k }  r row k a S>F  r row k 1+ a S>F
  KIND IF F>F16X2 ELSE F>BF16X2 THEN ;
2 0 UNROLL DO  2 0 UNROLL DO  2 0 UNROLL DO
  ACCUM IF  J row  K I col - S>F  ELSE 1.0E9 THEN  K 4 * J 2* + I + ACC!
LOOP LOOP LOOP
AS 64 TA strides SWZ WGMMA-DESC  BS 16 TB strides SWZ WGMMA-DESC
WGMMA-FENCE
RS IF
  \ This warp's 16 rows of A in the mma.sync A layout instead of AS: lane
  \ 4g+q holds (g, 2q..2q+1), (g+8, 2q..), (g, 2q+8..), (g+8, 2q+8..),
  \ from the same formula.
  NIP { db }
  TID-X 4 MOD 2* { k0 }
  0 k0 pair  1 k0 pair  0 k0 8 + pair  1 k0 8 + pair  { a0 a1 a2 a3 }
  KIND IF  a0 a1 a2 a3 db ACCUM TB WGMMA-F16-RS ACC
  ELSE  a0 a1 a2 a3 db ACCUM TB WGMMA-BF16-RS ACC  THEN
ELSE
  KIND IF ACCUM TA TB WGMMA-F16 ACC ELSE ACCUM TA TB WGMMA-BF16 ACC THEN
THEN
WGMMA-COMMIT  0 WGMMA-WAIT
2 0 UNROLL DO  2 0 UNROLL DO  2 0 UNROLL DO
  K 4 * J 2* + I + ACC@  J row { m }  K I col { n }
  DUP m 16 * n + 4 * D + F32!
  m n reference S>F F= 0= IF 1 BAD ATOMIC-ADD DROP THEN
LOOP LOOP LOOP
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=0 -D TA=0 -D TB=0
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=0 -D TA=0 -D TB=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=0 -D TA=1 -D TB=0
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=0 -D TA=1 -D TB=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=32 -D TA=0 -D TB=0
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=32 -D TA=0 -D TB=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=32 -D TA=1 -D TB=0
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=32 -D TA=1 -D TB=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=64 -D TA=0 -D TB=0
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=64 -D TA=0 -D TB=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=64 -D TA=1 -D TB=0
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=64 -D TA=1 -D TB=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=128 -D TA=0 -D TB=0
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=128 -D TA=0 -D TB=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=128 -D TA=1 -D TB=0
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D SWZ=128 -D TA=1 -D TB=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D KIND=1 -D SWZ=0 -D TA=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D KIND=1 -D SWZ=32 -D TB=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D KIND=1 -D SWZ=64 -D TA=1 -D TB=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D KIND=1 -D SWZ=128
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 256 --output-param BAD --output-count 1 -D ACCUM=1 -D SWZ=128 -D TB=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D RS=1 -D SWZ=0 -D TB=0
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D RS=1 -D SWZ=128 -D TB=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D RS=1 -D SWZ=64 -D TB=0 -D KIND=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param BAD --output-count 1 -D RS=1 -D SWZ=32 -D TB=1 -D ACCUM=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 256 --output-param BAD --output-count 1 -D RS=1 -D SWZ=128 -D KIND=1
\ EXPECT: 0
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param D --output-count 1024 -D SWZ=128
\ EXPECT-APPROX: 11,35,-22,20,-73,41,-25,8,5,11,35,-22,20,-73,41,-25,28,-70,48,-5,5,-3,7,44,-54,28,-70,48,-5,5,-3,7,1,1,19,-8,28,-80,28,-8,19,1,1,19,-8,28,-80,28,-70,28,-54,44,7,-3,5,-5,48,-70,28,-54,44,7,-3,5,35,11,5,8,-25,41,-73,20,-22,35,11,5,8,-25,41,-73,52,-72,20,-50,42,8,-8,12,-4,52,-72,20,-50,42,8,-8,-30,21,-9,24,21,-36,24,-51,36,-30,21,-9,24,21,-36,24,-24,48,-60,21,-33,30,12,-15,21,-24,48,-60,21,-33,30,12,48,-24,21,-15,12,30,-33,21,-60,48,-24,21,-15,12,30,-33,21,-30,36,-51,24,-36,21,24,-9,21,-30,36,-51,24,-36,21,-72,52,-4,12,-8,8,42,-50,20,-72,52,-4,12,-8,8,42,11,35,-22,20,-73,41,-25,8,5,11,35,-22,20,-73,41,-25,28,-70,48,-5,5,-3,7,44,-54,28,-70,48,-5,5,-3,7,1,1,19,-8,28,-80,28,-8,19,1,1,19,-8,28,-80,28,-70,28,-54,44,7,-3,5,-5,48,-70,28,-54,44,7,-3,5,35,11,5,8,-25,41,-73,20,-22,35,11,5,8,-25,41,-73,52,-72,20,-50,42,8,-8,12,-4,52,-72,20,-50,42,8,-8,-30,21,-9,24,21,-36,24,-51,36,-30,21,-9,24,21,-36,24,-24,48,-60,21,-33,30,12,-15,21,-24,48,-60,21,-33,30,12,48,-24,21,-15,12,30,-33,21,-60,48,-24,21,-15,12,30,-33,21,-30,36,-51,24,-36,21,24,-9,21,-30,36,-51,24,-36,21,-72,52,-4,12,-8,8,42,-50,20,-72,52,-4,12,-8,8,42,11,35,-22,20,-73,41,-25,8,5,11,35,-22,20,-73,41,-25,28,-70,48,-5,5,-3,7,44,-54,28,-70,48,-5,5,-3,7,1,1,19,-8,28,-80,28,-8,19,1,1,19,-8,28,-80,28,-70,28,-54,44,7,-3,5,-5,48,-70,28,-54,44,7,-3,5,35,11,5,8,-25,41,-73,20,-22,35,11,5,8,-25,41,-73,52,-72,20,-50,42,8,-8,12,-4,52,-72,20,-50,42,8,-8,-30,21,-9,24,21,-36,24,-51,36,-30,21,-9,24,21,-36,24,-24,48,-60,21,-33,30,12,-15,21,-24,48,-60,21,-33,30,12,48,-24,21,-15,12,30,-33,21,-60,48,-24,21,-15,12,30,-33,21,-30,36,-51,24,-36,21,24,-9,21,-30,36,-51,24,-36,21,-72,52,-4,12,-8,8,42,-50,20,-72,52,-4,12,-8,8,42,11,35,-22,20,-73,41,-25,8,5,11,35,-22,20,-73,41,-25,28,-70,48,-5,5,-3,7,44,-54,28,-70,48,-5,5,-3,7,1,1,19,-8,28,-80,28,-8,19,1,1,19,-8,28,-80,28,-70,28,-54,44,7,-3,5,-5,48,-70,28,-54,44,7,-3,5,35,11,5,8,-25,41,-73,20,-22,35,11,5,8,-25,41,-73,52,-72,20,-50,42,8,-8,12,-4,52,-72,20,-50,42,8,-8,-30,21,-9,24,21,-36,24,-51,36,-30,21,-9,24,21,-36,24,-24,48,-60,21,-33,30,12,-15,21,-24,48,-60,21,-33,30,12,48,-24,21,-15,12,30,-33,21,-60,48,-24,21,-15,12,30,-33,21,-30,36,-51,24,-36,21,24,-9,21,-30,36,-51,24,-36,21,-72,52,-4,12,-8,8,42,-50,20,-72,52,-4,12,-8,8,42,11,35,-22,20,-73,41,-25,8,5,11,35,-22,20,-73,41,-25,28,-70,48,-5,5,-3,7,44,-54,28,-70,48,-5,5,-3,7,1,1,19,-8,28,-80,28,-8,19,1,1,19,-8,28,-80,28,-70,28,-54,44,7,-3,5,-5,48,-70,28,-54,44,7,-3,5,35,11,5,8,-25,41,-73,20,-22,35,11,5,8,-25,41,-73,52,-72,20,-50,42,8,-8,12,-4,52,-72,20,-50,42,8,-8,-30,21,-9,24,21,-36,24,-51,36,-30,21,-9,24,21,-36,24,-24,48,-60,21,-33,30,12,-15,21,-24,48,-60,21,-33,30,12,48,-24,21,-15,12,30,-33,21,-60,48,-24,21,-15,12,30,-33,21,-30,36,-51,24,-36,21,24,-9,21,-30,36,-51,24,-36,21,-72,52,-4,12,-8,8,42,-50,20,-72,52,-4,12,-8,8,42,11,35,-22,20,-73,41,-25,8,5,11,35,-22,20,-73,41,-25,28,-70,48,-5,5,-3,7,44,-54,28,-70,48,-5,5,-3,7,1,1,19,-8,28,-80,28,-8,19,1,1,19,-8,28,-80,28,-70,28,-54,44,7,-3,5,-5,48,-70,28,-54,44,7,-3,5,35,11,5,8,-25,41,-73,20,-22,35,11,5,8,-25,41,-73,52,-72,20,-50,42,8,-8,12,-4,52,-72,20,-50,42,8,-8,-30,21,-9,24,21,-36,24,-51,36,-30,21,-9,24,21,-36,24,-24,48,-60,21,-33,30,12,-15,21,-24,48,-60,21,-33,30,12,48,-24,21,-15,12,30,-33,21,-60,48,-24,21,-15,12,30,-33
\ E2E: --arch sm_90 --param D=zeros --param BAD=zeros --block 128 --output-param D --output-count 1024 -D SWZ=64 -D TA=1 -D ACCUM=1 -D KIND=1
\ EXPECT-APPROX: 11,34,-24,17,-77,36,-31,1,-3,2,25,-33,8,-86,27,-40,29,-70,47,-7,2,-7,2,38,-61,20,-79,38,-16,-7,-16,-7,3,2,19,-9,26,-83,24,-13,13,-6,-7,10,-18,17,-92,15,-67,30,-53,44,6,-5,2,-9,43,-76,21,-62,35,-3,-14,-7,39,14,7,9,-25,40,-75,17,-26,30,5,-2,0,-34,31,-84,57,-68,23,-48,43,8,-9,10,-7,48,-77,14,-57,34,-1,-18,-24,26,-5,27,23,-35,24,-52,34,-33,17,-14,18,14,-44,15,-17,54,-55,25,-30,32,13,-15,20,-26,45,-64,16,-39,23,4,56,-17,27,-10,16,33,-31,22,-60,47,-26,18,-19,7,24,-40,30,-22,43,-45,29,-32,24,26,-8,21,-31,34,-54,20,-41,15,-62,61,4,19,-2,13,46,-47,22,-71,52,-5,10,-11,4,37,22,45,-13,28,-66,47,-20,12,8,13,36,-22,19,-75,38,-29,40,-59,58,4,13,4,13,49,-50,31,-68,49,-5,4,-5,4,14,13,30,2,37,-72,35,-2,24,5,4,21,-7,28,-81,26,-56,41,-42,55,17,6,13,2,54,-65,32,-51,46,8,-3,4,50,25,18,20,-14,51,-64,28,-15,41,16,9,11,-23,42,-73,68,-57,34,-37,54,19,2,21,4,59,-66,25,-46,45,10,-7,-13,37,6,38,34,-24,35,-41,45,-22,28,-3,29,25,-33,26,-6,65,-44,36,-19,43,24,-4,31,-15,56,-53,27,-28,34,15,67,-6,38,1,27,44,-20,33,-49,58,-15,29,-8,18,35,-29,41,-11,54,-34,40,-21,35,37,3,32,-20,45,-43,31,-30,26,-51,72,15,30,9,24,57,-36,33,-60,63,6,21,0,15,48,33,56,-2,39,-55,58,-9,23,19,24,47,-11,30,-64,49,-18,51,-48,69,15,24,15,24,60,-39,42,-57,60,6,15,6,15,25,24,41,13,48,-61,46,9,35,16,15,32,4,39,-70,37,-45,52,-31,66,28,17,24,13,65,-54,43,-40,57,19,8,15,61,36,29,31,-3,62,-53,39,-4,52,27,20,22,-12,53,-62,79,-46,45,-26,65,30,13,32,15,70,-55,36,-35,56,21,4,-2,48,17,49,45,-13,46,-30,56,-11,39,8,40,36,-22,37,5,76,-33,47,-8,54,35,7,42,-4,67,-42,38,-17,45,26,78,5,49,12,38,55,-9,44,-38,69,-4,40,3,29,46,-18,52,0,65,-23,51,-10,46,48,14,43,-9,56,-32,42,-19,37,-40,83,26,41,20,35,68,-25,44,-49,74,17,32,11,26,59,44,67,9,50,-44,69,2,34,30,35,58,0,41,-53,60,-7,62,-37,80,26,35,26,35,71,-28,53,-46,71,17,26,17,26,36,35,52,24,59,-50,57,20,46,27,26,43,15,50,-59,48,-34,63,-20,77,39,28,35,24,76,-43,54,-29,68,30,19,26,72,47,40,42,8,73,-42,50,7,63,38,31,33,-1,64,-51,90,-35,56,-15,76,41,24,43,26,81,-44,47,-24,67,32,15,9,59,28,60,56,-2,57,-19,67,0,50,19,51,47,-11,48,16,87,-22,58,3,65,46,18,53,7,78,-31,49,-6,56,37,89,16,60,23,49,66,2,55,-27,80,7,51,14,40,57,-7,63,11,76,-12,62,1,57,59,25,54,2,67,-21,53,-8,48,-29,94,37,52,31,46,79,-14,55,-38,85,28,43,22,37,70,55,78,20,61,-33,80,13,45,41,46,69,11,52,-42,71,4,73,-26,91,37,46,37,46,82,-17,64,-35,82,28,37,28,37,47,46,63,35,70,-39,68,31,57,38,37,54,26,61,-48,59,-23,74,-9,88,50,39,46,35,87,-32,65,-18,79,41,30,37,83,58,51,53,19,84,-31,61,18,74,49,42,44,10,75,-40,101,-24,67,-4,87,52,35,54,37,92,-33,58,-13,78,43,26,20,70,39,71,67,9,68,-8,78,11,61,30,62,58,0,59,27,98,-11,69,14,76,57,29,64,18,89,-20,60,5,67,48,100,27,71,34,60,77,13,66,-16,91,18,62,25,51,68,4,74,22,87,-1,73,12,68,70,36,65,13,78,-10,64,3,59,-18,105,48,63,42,57,90,-3,66,-27,96,39,54,33,48,81,66,89,31,72,-22,91,24,56,52,57,80,22,63,-31,82,15,84,-15,102,48,57,48,57,93,-6,75,-24,93,39,48,39,48,58,57,74,46,81,-28,79,42,68,49,48,65,37,72,-37,70,-12,85,2,99,61,50,57,46,98,-21,76,-7,90,52,41,48,94,69,62,64,30,95,-20,72,29,85,60,53,55,21,86,-29,112,-13,78,7,98,63,46,65,48,103,-22,69,-2,89,54,37,31,81,50,82,78,20,79,3,89,22,72,41,73,69,11,70,38,109,0,80,25,87,68,40,75,29,100,-9,71,16,78,59,111,38,82,45,71,88,24,77,-5,102,29,73,36,62,79,15
\ A warpgroup needs 128 threads: the GPU would hang or compute garbage.
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --param D=zeros --param BAD=zeros --block 96 --output-param BAD --output-count 1
\ EXPECT-STDERR: WGMMA-BF16 needs whole warpgroups of 128 threads, and the block has 96
