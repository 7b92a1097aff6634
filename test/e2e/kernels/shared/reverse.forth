\ Block reversal through shared memory: thread t of each block stores
\ IN[g] in S[t], BARRIER, then writes S[BDIM-X-1-t] to OUT[g]; i64 with
\ S@ S! and f64 with SF@ SF!. Several blocks, each reversing its own slice.
\! kernel main
\! param IN i64[256]
\! param FIN f64[256]
\! param OUT i64[256]
\! param FOUT f64[256]
\! shared S i64[128]
\! shared F f64[128]
TID-X { t }
GLOBAL-ID { g }
g CELLS IN + @         t CELLS S + S!
g CELLS FIN + F@ FNEG  t CELLS F + SF!
BARRIER
BDIM-X 1- t - CELLS S + S@    g CELLS OUT + !
BDIM-X 1- t - CELLS F + SF@   g CELLS FOUT + F!
\ 2 blocks of 8 over 0..15: 7..0, 15..8
\ E2E: --param IN=iota --param FIN=iota --param OUT=zeros --param FOUT=zeros --grid 2 --block 8 --output-param OUT --output-count 16
\ EXPECT: 7,6,5,4,3,2,1,0,15,14,13,12,11,10,9,8
\ E2E: --param IN=iota --param FIN=iota --param OUT=zeros --param FOUT=zeros --grid 2 --block 8 --output-param FOUT --output-count 16
\ EXPECT: -7,-6,-5,-4,-3,-2,-1,-0,-15,-14,-13,-12,-11,-10,-9,-8
\ 2 blocks of 128: the whole 256 reversed per half (checked at the edges and
\ the middle with --output-count 256; Python: list(range(127,-1,-1)) +
\ list(range(255,127,-1))).
\ E2E: --param IN=iota --param FIN=iota --param OUT=zeros --param FOUT=zeros --grid 2 --block 128 --output-param OUT
\ EXPECT: 127,126,125,124,123,122,121,120,119,118,117,116,115,114,113,112,111,110,109,108,107,106,105,104,103,102,101,100,99,98,97,96,95,94,93,92,91,90,89,88,87,86,85,84,83,82,81,80,79,78,77,76,75,74,73,72,71,70,69,68,67,66,65,64,63,62,61,60,59,58,57,56,55,54,53,52,51,50,49,48,47,46,45,44,43,42,41,40,39,38,37,36,35,34,33,32,31,30,29,28,27,26,25,24,23,22,21,20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0,255,254,253,252,251,250,249,248,247,246,245,244,243,242,241,240,239,238,237,236,235,234,233,232,231,230,229,228,227,226,225,224,223,222,221,220,219,218,217,216,215,214,213,212,211,210,209,208,207,206,205,204,203,202,201,200,199,198,197,196,195,194,193,192,191,190,189,188,187,186,185,184,183,182,181,180,179,178,177,176,175,174,173,172,171,170,169,168,167,166,165,164,163,162,161,160,159,158,157,156,155,154,153,152,151,150,149,148,147,146,145,144,143,142,141,140,139,138,137,136,135,134,133,132,131,130,129,128
\ 5 blocks of 40 (partial warps): each slice of 40 reversed.
\ E2E: --param IN=iota --param FIN=iota --param OUT=zeros --param FOUT=zeros --grid 5 --block 40 --output-param OUT --output-count 200
\ EXPECT: 39,38,37,36,35,34,33,32,31,30,29,28,27,26,25,24,23,22,21,20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0,79,78,77,76,75,74,73,72,71,70,69,68,67,66,65,64,63,62,61,60,59,58,57,56,55,54,53,52,51,50,49,48,47,46,45,44,43,42,41,40,119,118,117,116,115,114,113,112,111,110,109,108,107,106,105,104,103,102,101,100,99,98,97,96,95,94,93,92,91,90,89,88,87,86,85,84,83,82,81,80,159,158,157,156,155,154,153,152,151,150,149,148,147,146,145,144,143,142,141,140,139,138,137,136,135,134,133,132,131,130,129,128,127,126,125,124,123,122,121,120,199,198,197,196,195,194,193,192,191,190,189,188,187,186,185,184,183,182,181,180,179,178,177,176,175,174,173,172,171,170,169,168,167,166,165,164,163,162,161,160
\ --print of a long array shows the first and last 8 values.
\ E2E: --param IN=iota --param FIN=iota --param OUT=zeros --param FOUT=zeros --grid 2 --block 128 --print OUT
\ EXPECT: OUT (i64[256]) = [127, 126, 125, 124, 123, 122, 121, 120, ..., 135, 134, 133, 132, 131, 130, 129, 128]
