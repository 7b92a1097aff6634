"""Programmatic dependent launch, the pair of test/e2e/kernels/hopper/:
pdl-producer.forth (GRID-DEP-LAUNCH first, then slow on purpose before it
writes A) and pdl-consumer.forth (a '\\! pdl' kernel that reads A after
GRID-DEP-WAIT), launched one after the other on one stream, ROUNDS times,
each round with its own seed and its own output row. test_gpu.py runs it
on an sm_90 GPU, where the consumer may start before the producer ends
(cuLaunchKernelEx with programmatic stream serialization), test_cpu.py on
the CPU backend (launches in order, both words no-ops): every row must
hold the producer's value of its round, never the last round's."""

from __future__ import annotations

from pathlib import Path

import warpforth

KERNELS = (Path(__file__).resolve().parents[3] / "test" / "e2e" / "kernels"
           / "hopper")
ROUNDS = 128


def load(device):
    """The producer and the consumer, compiled for sm_90 (the words need
    it) on `device`."""
    return tuple(warpforth.Kernel.from_file(KERNELS / f"pdl-{side}.forth",
                                            device=device, arch="sm_90")
                 for side in ("producer", "consumer"))


def expected(seed: int, spin: int) -> int:
    """What the producer's SPIN rounds of x -> 5x + 1 from `seed` give, as
    an i64: 5^k seed + (5^k - 1) / 4 modulo 2^64, in closed form (not the
    kernel's loop). 5^k is 1 modulo 4, so (5^k mod 2^66 - 1) / 4 is exact."""
    p = pow(5, spin, 1 << 66)
    x = (p * seed + (p - 1) // 4) % (1 << 64)
    return x - (1 << 64) if x >= 1 << 63 else x


def run(device, a, rows, n: int, spin: int, block: int) -> None:
    """Round r: the producer fills `a` (n cells) from seed r, then the
    consumer writes rows[r][g] = a[g] - g, which must be expected(r, spin)
    everywhere. On the GPU the launches go on the current stream of the
    tensors' device, unsynchronised."""
    producer, consumer = load(device)
    grid = (n + block - 1) // block
    for seed, row in enumerate(rows):
        producer(a, n, seed, spin, grid=grid, block=block)
        consumer(a, row, n, grid=grid, block=block)
