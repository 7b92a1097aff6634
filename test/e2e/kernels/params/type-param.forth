\ One kernel for f32, bf16 and f16 (`\! type`): y = 2x + 1 elementwise,
\ the element loads and stores spliced from the type ({T}@ {T}!), the
\ element size from sizeof(T), the kernel's name from {T}. In the 16-bit
\ types 2.5 and 1000.5 are exact, 1/3 rounds (bf16: 0.333984375, f16:
\ 0.333251953125) and the result rounds again on the store.
\! kernel affine_{T}
\! type T f32 bf16 f16
\! float f32
\! const ESZ sizeof(T)
\! param X T[N]
\! param Y T[N]
\! param N i64
GLOBAL-ID { g }
g N < IF  g ESZ * X + {T}@ 2.0 F* 1.0 F+  g ESZ * Y + {T}!  THEN
\ E2E: --param X=2.5,1000.5,0.3333333333 --param Y=zeros --param N=3 --block 32 --output-param Y
\ EXPECT: 6,2002,1.6666667
\ E2E: -D T=bf16 --param X=2.5,1000.5,0.3333333333 --param Y=zeros --param N=3 --block 32 --output-param Y
\ EXPECT: 6,2000,1.671875
\ E2E: -D T=f16 --param X=2.5,1000.5,0.3333333333 --param Y=zeros --param N=3 --block 32 --output-param Y
\ EXPECT: 6,2002,1.6660156
