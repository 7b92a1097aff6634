\ Locals: '{ a b -- }' binds from the stack, names after '|' start at zero,
\ names after '--' are documentation; '{: ... :}' is the Forth-2012 form.
\ Locals shadow words and may be declared at control depth 0 anywhere in a
\ word or in the kernel body.
\ RUN: %warpforthc %s --emit ast | FileCheck %s

\! kernel k
: AXPY { a x y | t -- r } a x * y + TO t t ;
: W {: p q :} q p DUP { dup -- } dup ;
1 2 3 AXPY { r } r

\ CHECK:      word AXPY
\ CHECK-NEXT:   8:8 locals a x y | t
\ CHECK-NEXT:   8:27 local a
\ CHECK-NEXT:   8:29 local x
\ CHECK-NEXT:   8:31 prim *
\ CHECK-NEXT:   8:33 local y
\ CHECK-NEXT:   8:35 prim +
\ CHECK-NEXT:   8:40 to t
\ CHECK-NEXT:   8:42 local t
\ CHECK-NEXT: word W
\ CHECK-NEXT:   9:5 locals p q
\ CHECK-NEXT:   9:15 local q
\ CHECK-NEXT:   9:17 local p
\ CHECK-NEXT:   9:19 prim DUP
\ CHECK-NEXT:   9:23 locals dup
\ CHECK-NEXT:   9:34 local dup
\ CHECK-NEXT: body
\ CHECK-NEXT:   10:1 int 1
\ CHECK-NEXT:   10:3 int 2
\ CHECK-NEXT:   10:5 int 3
\ CHECK-NEXT:   10:7 call AXPY
\ CHECK-NEXT:   10:12 locals r
\ CHECK-NEXT:   10:18 local r
