\ Included by errors/include-error-location.forth: an error in here is
\ reported with this file's name and line.
: BROKEN 1 NOSUCHWORD ;
