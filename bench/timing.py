"""Interleaved, repeated timing: every comparison is a ratio measured in the same run.

Each repetition runs every variant once (in a rotated order, so no variant always goes first), and the ratio
of a variant to its baseline is taken *within* the repetition; the reported ratio is the median of those
per-repetition ratios, so slow drifts of the machine (other processes, CPU frequency) cancel out.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field


@dataclass
class Timings:
    """Seconds per call of every variant, one entry per repetition."""

    per_call: dict[str, list[float]] = field(default_factory=dict)

    def median(self, name: str) -> float:
        return statistics.median(self.per_call[name])

    def ratio(self, name: str, baseline: str) -> float:
        """Median over repetitions of (variant / baseline) measured in the same repetition."""
        pairs = zip(self.per_call[name], self.per_call[baseline], strict=True)
        return statistics.median(a / b for a, b in pairs)


def rotations(names: Sequence[str], rep: int) -> list[str]:
    k = rep % len(names)
    return [*names[k:], *names[:k]]


def interleaved(
    variants: Mapping[str, Callable[[int], object]],
    *,
    reps: int,
    calls: int,
    timer: Callable[[], float] = time.perf_counter,
) -> Timings:
    """`variants[name](n)` performs n calls. Returns seconds per call, per repetition.

    `timer`: time.perf_counter (wall) or time.process_time (CPU of this process only: for in-process work on a
    machine that other jobs share)."""
    out = Timings({name: [] for name in variants})
    names = list(variants)
    for rep in range(reps):
        for name in rotations(names, rep):
            gc.collect()
            t0 = timer()
            variants[name](calls)
            out.per_call[name].append((timer() - t0) / calls)
    return out


async def interleaved_async(
    variants: Mapping[str, Callable[[int], Awaitable[object]]],
    *,
    reps: int,
    calls: int,
    timer: Callable[[], float] = time.perf_counter,
) -> Timings:
    out = Timings({name: [] for name in variants})
    names = list(variants)
    for rep in range(reps):
        for name in rotations(names, rep):
            gc.collect()
            t0 = timer()
            await variants[name](calls)
            out.per_call[name].append((timer() - t0) / calls)
    return out
