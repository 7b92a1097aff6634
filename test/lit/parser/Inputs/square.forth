\ Included by parser/include.forth and codegen tests: a word library.
: SQUARE DUP * ;
INCLUDE nested/cube.forth
