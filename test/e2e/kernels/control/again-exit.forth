\ BEGIN AGAIN in the kernel body, left only by EXIT (a return from the
\ kernel); the code after AGAIN never runs. Also UNLOOP EXIT from a DO loop
\ in the kernel body.
\! kernel main
\! param IN i64[2]
\! param OUT i64[4]
1 OUT 8 + !
IN 8 + @ 0<> IF
  100 0 DO I IN 8 + @ = IF I 10 * OUT 16 + ! UNLOOP EXIT THEN LOOP
  -1 OUT 16 + !
THEN
0 BEGIN 1+ DUP IN @ = IF DUP OUT ! EXIT THEN AGAIN
99 OUT 24 + !
\ IN[1] = 0: AGAIN loop counts up to IN[0] = 7.
\ E2E: --param IN=7,0 --param OUT=zeros --output-param OUT
\ EXPECT: 7,1,0,0
\ IN[1] = 4: the DO loop exits at I = 4 and stores 40.
\ E2E: --param IN=7,4 --param OUT=zeros --output-param OUT
\ EXPECT: 0,1,40,0
\ IN[1] = 200: the DO loop finishes (-1), then the AGAIN loop runs.
\ E2E: --param IN=3,200 --param OUT=zeros --output-param OUT
\ EXPECT: 3,1,-1,0
