\ CEIL-DIV ( a b -- ceil(a/b) ) on the pairs of IN: exact for b > 0 and any
\ a (no a+b-1 to overflow at 2^63-1); b = 0 gives 0, as / does.
\ Expected (Python -(-a // b)): 0/5 -> 0, 1/5 -> 1, 5/5 -> 1, 6/5 -> 2,
\ 1000/48 -> 21, -7/2 -> -3, (2^63-1)/2 -> 2^62; 7/0 -> 0 by definition.
\! kernel ceil_div
\! param IN i64[N*2]
\! param OUT i64[N]
\! param N i64
GLOBAL-ID DUP N < IF
  DUP 16 * IN + DUP @ SWAP 8 + @ CEIL-DIV  SWAP CELLS OUT + !
ELSE DROP THEN
\ E2E: --param IN=0,5,1,5,5,5,6,5,1000,48,-7,2,9223372036854775807,2,7,0 --param OUT=zeros --param N=8 --grid 1 --block 1000 --output-param OUT
\ EXPECT: 0,1,1,2,21,-3,4611686018427387904,0
