\ Shared arrays past CUDA's 48 KiB cap on static shared memory: A (48 KiB)
\ and B (16 KiB + 12 bytes) move to the start of dynamic shared memory,
\ which the runtime sizes itself (@large-shared-bytes); C, sized at launch,
\ comes after them. Every thread fills its strided share of all three,
\ then reads elements at their far ends: any overlap would clobber one.
\ Expected: OUT[t] = A[12287-3t] + B[4098-t] + C[63-t]
\                  = (12287-3t) + 2(4098-t) + (63-t)/2.
\! kernel largeshared
\! float f32
\! param OUT f32[64]
\! shared A f32[12288]
\! shared B i32[4099]
\! shared C f32[]
TID-X { t }
12288 t DO  I S>F  I 4 * A + SF!  64 +LOOP
4099 t DO  I 2*  I 4 * B + SI32!  64 +LOOP
t S>F 0.5 F*  t 4 * C + SF!
BARRIER
12287 t 3 * - 4 * A + SF@
4098 t - 4 * B + SI32@ S>F F+
63 t - 4 * C + SF@ F+
t 4 * OUT + F!

\ E2E: --param OUT=zeros --block 64 --shared-bytes 256 --output-param OUT
\ EXPECT-APPROX: 20514.5,20509.0,20503.5,20498.0,20492.5,20487.0,20481.5,20476.0,20470.5,20465.0,20459.5,20454.0,20448.5,20443.0,20437.5,20432.0,20426.5,20421.0,20415.5,20410.0,20404.5,20399.0,20393.5,20388.0,20382.5,20377.0,20371.5,20366.0,20360.5,20355.0,20349.5,20344.0,20338.5,20333.0,20327.5,20322.0,20316.5,20311.0,20305.5,20300.0,20294.5,20289.0,20283.5,20278.0,20272.5,20267.0,20261.5,20256.0,20250.5,20245.0,20239.5,20234.0,20228.5,20223.0,20217.5,20212.0,20206.5,20201.0,20195.5,20190.0,20184.5,20179.0,20173.5,20168.0
\ C is sized at launch: no bytes for it is still an error.
\ E2E-ERROR: --param OUT=zeros --block 64
\ EXPECT-STDERR: kernel 'largeshared'
\ EXPECT-STDERR: shared 'C' is sized at launch, but the launch gives it no bytes
