"""The status-polling schedule, as pure data.

Why a module of its own: the schedule is what merchants most often get wrong (polling too fast and being
throttled, or giving up too early). Keeping it as plain offsets makes it testable call by call and lets the
sync, async and many-payment pollers share one definition.

Source: the default is the reconciliation schedule of the gateway's public reference (brought in by this
project's issue 6), not the interface document, which only says "poll until the status changes": first check
20-25 s after the payment starts, then every 3 s for 30 s, every 6 s for 60 s, every 10 s for 60 s, every 30 s
for 60 s, then every minute until a 15-minute timeout.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    """Checks every `every` seconds for `duration` seconds (duration None: until the timeout)."""

    every: float
    duration: float | None


@dataclass(frozen=True)
class PollSchedule:
    first_check_after: float = 20.0
    phases: tuple[Phase, ...] = (
        Phase(3, 30),
        Phase(6, 60),
        Phase(10, 60),
        Phase(30, 60),
        Phase(60, None),
    )
    timeout: float = 15 * 60.0

    def __post_init__(self) -> None:
        if not self.first_check_after >= 0:
            raise ValueError("first_check_after must be >= 0")
        if not self.timeout > 0:
            raise ValueError("timeout must be > 0")
        for phase in self.phases:
            if not phase.every > 0:
                raise ValueError("every phase needs a positive interval")

    def offsets(self, limit: float | None = None) -> Iterator[float]:
        """Seconds after the payment start at which a status check is due, up to min(timeout, limit).

        The deadline itself is always the last check, so a payment that settles just before the timeout is
        still seen.
        """
        end = self.timeout if limit is None else min(self.timeout, limit)
        if end < 0:
            return
        last = t = min(self.first_check_after, end)
        yield t
        for phase in self.phases:
            phase_end = end if phase.duration is None else min(end, t + phase.duration)
            while t + phase.every <= phase_end + 1e-9:
                last = t = t + phase.every
                yield t
            # a phase whose length is not a multiple of its interval hands over at its end
            t = max(t, phase_end)
            if t >= end:
                break
        if last < end:
            yield end


DEFAULT_SCHEDULE = PollSchedule()
