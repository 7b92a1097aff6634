\ Words keep their spelling in tokens, but every later stage matches them
\ case-insensitively: directives, types, primitives, control words, params.
\ RUN: %warpforthc %s --emit tokens | FileCheck %s --check-prefix=TOK
\ RUN: %warpforthc %s --emit ast | FileCheck %s --check-prefix=AST

\! KERNEL k
\! Param data I64[4]
dup Dup DUP drop drop DATA Data data 2drop drop
1 if 2 else 3 then Drop

\ TOK: 8:1 word dup
\ TOK-NEXT: 8:5 word Dup
\ TOK-NEXT: 8:9 word DUP

\ AST: kernel k float f64
\ AST-NEXT: param data i64[4] = 4
\ AST: body
\ AST-NEXT: 8:1 prim DUP
\ AST-NEXT: 8:5 prim DUP
\ AST-NEXT: 8:9 prim DUP
\ AST-NEXT: 8:13 prim DROP
\ AST-NEXT: 8:18 prim DROP
\ AST-NEXT: 8:23 param data
\ AST-NEXT: 8:28 param data
\ AST-NEXT: 8:33 param data
\ AST-NEXT: 8:38 call 2DROP
\ AST: 9:3 control IF
\ AST: 9:8 control ELSE
\ AST: 9:15 control THEN
\ AST-NEXT: 9:20 prim DROP
