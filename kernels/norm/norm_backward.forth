\ The backward of RMSNorm and LayerNorm (norm-backward-rows.fs) over rows of
\ T (f32, bf16 or f16; -D T=), math in f32: dx from dy, h (the normalized
\ input), the weight and the forward's f32 rstd (and mean with -D LAYER=1);
\ -D DHIN=1 adds the incoming gradient DH of h (the residual stream) to dx.
\ Each group's f32 partial sums of dy * xhat (and of dy with -D BIAS=1) over
\ its rows go to row GROUP-ID of PW (PB); norm_dw.forth sums them over the
\ groups in a fixed order (deterministic, no atomics). -D GROUP, -D VN,
\ -D VPT, -D THREADS as in norm.forth; grid: any number of blocks (each
\ group loops over rows GROUP-ID, GROUP-ID + groups, ...). With VPT = 0 PW
\ (and PB) must be zero before the launch: the looped path adds into them.
\! kernel norm_backward_{T}
\! type T f32 bf16 f16
\! float f32
\! const LAYER 0
\! const DHIN 0
\! const BIAS 0
\! const GROUP 32
\! const VN 1
\! const VPT 0
\! const THREADS 128
\! launch-bounds THREADS 1
\! const ESZ sizeof(T)
\! const EV 16/ESZ
\! param DY T[ROWS*COLS]
\! param HX T[ROWS*COLS]
\! param WEIGHT T[COLS]
\! param MEANS f32[]
\! param RSTDS f32[ROWS]
\! param DH T[]
\! param DX T[ROWS*COLS]
\! param PW f32[]
\! param PB f32[]
\! param ROWS i64
\! param COLS i64
\! shared RM f32[32]
\! shared RS f32[32]
\! reg V f32[EV]
\! reg HV f32[EV]
\! reg DV f32[EV]
\! reg XS f32[VPT*VN+1]
\! reg GS f32[VPT*VN+1]
\! reg AW f32[VPT*VN+1]
\! reg AB f32[VPT*VN*BIAS+1]
INCLUDE norm.fs
INCLUDE norm-backward-rows.fs
