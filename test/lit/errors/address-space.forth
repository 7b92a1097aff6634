\ A global-memory word on a shared array's address (or a shared word on an
\ array param's) is a located error naming the word and the array and
\ suggesting the word for the right memory. The address is followed through
\ arithmetic, loops (block parameters), IF paths and memory (a shared
\ address stored and loaded back), so no access can reach the wrong memory:
\ before, '@' on TILE gave 'ld.global [shared_TILE]', which ptxas rejects,
\ and 'S@' on a param read shared memory at a global address.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param X i64[64]
\! param N i64
\! shared TILE i64[64]
TILE @ X !
\ CHECK: {{.*}}address-space.forth:[[@LINE-1]]:6: error: '@' reads global memory but its address is in the shared array 'TILE': use S@
\ CHECK-NEXT: {{^}}TILE @ X !{{$}}
\ CHECK-NEXT: {{^}}     ^{{$}}
5 TILE 8 + !
\ CHECK: {{.*}}:[[@LINE-1]]:12: error: '!' writes global memory but its address is in the shared array 'TILE': use S!
TILE 16 + 2F@ F+ X F!
\ CHECK: {{.*}}:[[@LINE-1]]:11: error: '2F@' reads global memory but its address is in the shared array 'TILE': use 2SF@
1 TILE atomic-add DROP
\ CHECK: {{.*}}:[[@LINE-1]]:8: error: 'atomic-add' updates global memory but its address is in the shared array 'TILE': use SATOMIC-ADD
TILE X CP-ASYNC
\ CHECK: {{.*}}:[[@LINE-1]]:8: error: 'CP-ASYNC' copies from global memory but its source (the first operand) is in the shared array 'TILE'
\ CHECK: {{.*}}:[[@LINE-2]]:8: error: 'CP-ASYNC' copies to shared memory but its destination (the second operand) is in the array param 'X' (global memory)
X 8 + S@ DROP
\ CHECK: {{.*}}:[[@LINE-1]]:7: error: 'S@' reads shared memory but its address is in the array param 'X' (global memory): use @
1.0 X SF!
\ CHECK: {{.*}}:[[@LINE-1]]:7: error: 'SF!' writes shared memory but its address is in the array param 'X' (global memory): use F!
\ Through a loop: the address is carried by the loop's block parameter.
TILE N 0 DO DUP I32@ DROP 4 + LOOP DROP
\ CHECK: {{.*}}:[[@LINE-1]]:17: error: 'I32@' reads global memory but its address is in the shared array 'TILE': use SI32@
\ Through arithmetic LLVM folds away.
TILE 0 OR F@ FDROP
\ CHECK: {{.*}}:[[@LINE-1]]:11: error: 'F@' reads global memory but its address is in the shared array 'TILE': use SF@
\ On one path only.
N IF TILE ELSE X THEN @ DROP
\ CHECK: {{.*}}:[[@LINE-1]]:23: error: '@' reads global memory but its address may come from the shared array 'TILE'{{$}}
\ Stored to memory and loaded back (LLVM forwards the store to the load).
TILE TILE S! TILE S@ @ DROP
\ CHECK: {{.*}}:[[@LINE-1]]:22: error: '@' reads global memory but its address may come from the shared array 'TILE', stored to memory and loaded back
\ In a word: the error is at the word's '@', a note at the wrong call.
: LD @ ;
\ CHECK: {{.*}}:[[@LINE-1]]:6: error: '@' reads global memory but its address is in the shared array 'TILE': use S@
X LD TILE LD 2DROP
\ CHECK: {{.*}}:[[@LINE-1]]:11: note: in 'LD' called here
\ CHECK-NEXT: {{^}}X LD TILE LD 2DROP{{$}}
\ CHECK-NEXT: {{^}}          ^~{{$}}
