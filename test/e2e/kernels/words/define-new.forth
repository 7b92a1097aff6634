\ -D may define a constant the kernel uses but does not declare.
\! kernel main
\! param OUT i64[1]
WIDTH 3 * OUT !
\ E2E: --param OUT=zeros --output-param OUT -D WIDTH=14
\ EXPECT: 42
\ Without the -D the word is unknown: a compile error naming it.
\ E2E-ERROR: --param OUT=zeros --output-param OUT
\ EXPECT-STDERR: unknown word 'WIDTH'
