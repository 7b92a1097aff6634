\ INCLUDEd by ../pdl.forth: the '\! pdl' kernel's only GRID-DEP-WAIT.
: AWAIT-PRODUCER ( -- ) GRID-DEP-WAIT ;
