\ Found only through -I (parser/include.forth).
: HALVE 2/ ;
