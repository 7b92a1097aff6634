\ A '(' comment with no closing parenthesis before the end of the file is
\ reported at the '('. (The checks come first: everything after the '('
\ is inside the comment.)
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace
\ RUN: %not %warpforthc %s --emit tokens 2>&1 | FileCheck %s --strict-whitespace
\ CHECK: {{.*}}unterminated-comment.forth:[[@LINE+4]]:8: error: unterminated '(' comment: no ')' before end of file
\ CHECK-NEXT: {{^}}1 DROP ( this comment never ends{{$}}
\ CHECK-NEXT: {{^}}       ^{{$}}
\! kernel k
1 DROP ( this comment never ends
