\ The -D spellings, the same in every tool (docs/language.md): -D NAME
\ alone is NAME=1; -D NAME= and -D NAME=1=2 are errors naming NAME.
\! kernel defines
\! const FLAG 7
\! param OUT i64[1]
FLAG 41 + OUT !
\ E2E: --param OUT=zeros --output-param OUT
\ EXPECT: 48
\ E2E: --param OUT=zeros --output-param OUT -D FLAG
\ EXPECT: 42
\ E2E: --param OUT=zeros --output-param OUT -D FLAG=2
\ EXPECT: 43
\ E2E-ERROR: --param OUT=zeros --output-param OUT -D FLAG=
\ EXPECT-STDERR: warpforth-run: error: -D 'FLAG=': no value for 'FLAG'
\ E2E-ERROR: --param OUT=zeros --output-param OUT -D FLAG=1=2
\ EXPECT-STDERR: warpforth-run: error: -D 'FLAG=1=2': the value of 'FLAG' ('1=2') holds a '='
