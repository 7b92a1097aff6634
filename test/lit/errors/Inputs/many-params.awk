# A kernel with t tensor maps, n i64 params, the array X and, with e, one
# scalar param E of type e: for test/lit/errors/param-space.forth.
BEGIN {
  print "\\! kernel many"
  for (i = 1; i <= t; i++) print "\\! tmap T" i " f32[8,8] box 8,8"
  for (i = 1; i <= n; i++) print "\\! param P" i " i64"
  print "\\! param X i64[1]"
  if (e != "") print "\\! param E " e
  print "1 X !"
}
