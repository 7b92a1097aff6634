\ An integer where a float word wants a float: its bits are read as a
\ float (2 is a denormal, not 2.0). A small integer literal says 2.0 was
\ probably meant; an integer computed at run time (a param, a thread index,
\ integer arithmetic) says to convert it with S>F. Deliberate bit patterns
\ are left alone: 0 (0.0 either way), constants beyond 2^24 written as
\ bits, values loaded with @ or made by bitwise words.
\ RUN: %warpforthc %s -o %t.ptx 2>&1 | FileCheck %s --implicit-check-not=warning:
\ RUN: %not %warpforthc %s -o %t.ptx -Werror 2>&1 | FileCheck %s --check-prefix=WERROR

\! kernel k
\! param A f64[4]
\! param B i64[4]
\! param N i64
1.0 2 F* A F!
\ CHECK: int-as-float.forth:[[@LINE-1]]:7: warning: 'F*' takes a float, but is given the integer 2, whose bits it reads as a float (not 2.0): 2.0 was probably meant
\ WERROR: int-as-float.forth:[[@LINE-2]]:7: error: 'F*' takes a float, but is given the integer 2, whose bits it reads as a float (not 2.0): 2.0 was probably meant [-Werror]
A F@ N F+ A F!
\ CHECK: int-as-float.forth:[[@LINE-1]]:8: warning: 'F+' takes a float, but is given an integer value, whose bits it reads as a float: convert it with S>F first
TID-X 1+ A 8 + F!
\ CHECK: int-as-float.forth:[[@LINE-1]]:16: warning: 'F!' takes a float, but is given an integer value, whose bits it reads as a float: convert it with S>F first
\ Not warned: the right conversion, 0, bits written on purpose, a cell
\ loaded with @, a bitwise mask.
N S>F A F@ F* A F!
0 A 16 + F!
0x3FF0000000000000 A F@ F* A F!
B @ A F@ F+ A F!
A F@ 0x7FFFFFFFFFFFFFFF AND A F@ F+ A F!
