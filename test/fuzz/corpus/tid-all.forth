\!kernel dims
\! param OUT i64[64]
TID-X TID-Y TID-Z BID-X BID-Y BID-Z BDIM-X BDIM-Y BDIM-Z GDIM-X GDIM-Y GDIM-Z
+ + + + + + + + + + + GLOBAL-ID CELLS OUT + !
