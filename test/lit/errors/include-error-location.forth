\ An error inside an included file carries that file's path and line.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
INCLUDE Inputs/bad-word.forth
\ CHECK: {{.*}}Inputs/bad-word.forth:3:12: error: unknown word 'NOSUCHWORD'
\ CHECK-NEXT: {{^}}: BROKEN 1 NOSUCHWORD ;{{$}}
\ CHECK-NEXT: {{^}}           ^~~~~~~~~~{{$}}
