\ The -D spellings, the same in warpforthc, warpforth-run, the demos and
\ Python (compiler/driver/Defines.h, docs/language.md): -D NAME alone is
\ NAME=1; -D NAME= and -D NAME=1=2 are errors naming NAME, exit status 1.
\ RUN: %warpforthc %s --emit ast -D FLAG | FileCheck %s --check-prefix=ALONE
\ RUN: %not %warpforthc %s -D FLAG= 2>&1 | FileCheck %s --check-prefix=EMPTY
\ RUN: %not %warpforthc %s -D FLAG=1=2 2>&1 | FileCheck %s --check-prefix=TWO
\ The flash demo takes -D too: -D CAUSAL is CAUSAL=1, so the kernel is
\ causal whatever --causal says (and only the causal reference matches).
\ RUN: %warpforth-flash --device cpu --seq 9 --dim 64 --batch 1 --heads 1 --repeat 1 --causal 1 -D CAUSAL | FileCheck %s --check-prefix=FLASH-OK
\ RUN: %not %warpforth-flash --device cpu --seq 9 --dim 64 --batch 1 --heads 1 --repeat 1 --causal 0 -D CAUSAL | FileCheck %s --check-prefix=FLASH-FAILED
\ RUN: %not %warpforth-flash --device cpu --seq 9 --dim 64 -D CAUSAL= 2>&1 | FileCheck %s --check-prefix=FLASH-EMPTY
\ RUN: %not %warpforth-flash --device cpu --seq 9 --dim 64 -D CAUSAL=1=2 2>&1 | FileCheck %s --check-prefix=FLASH-TWO

\! kernel k
\! const FLAG 7
FLAG DROP

\ ALONE: const FLAG 1
\ EMPTY: warpforthc: error: -D 'FLAG=': no value for 'FLAG' (write FLAG=VALUE, or FLAG alone for 1)
\ TWO: warpforthc: error: -D 'FLAG=1=2': the value of 'FLAG' ('1=2') holds a '=' (write FLAG=VALUE)
\ FLASH-OK: OK
\ FLASH-FAILED: FAILED
\ FLASH-EMPTY: warpforth-flash: error: -D 'CAUSAL=': no value for 'CAUSAL'
\ FLASH-TWO: warpforth-flash: error: -D 'CAUSAL=1=2': the value of 'CAUSAL' ('1=2') holds a '='
