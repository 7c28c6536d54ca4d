"""The status-polling schedule, as pure data.

Why a module of its own: the schedule is what merchants most often get wrong (polling too fast and being
throttled, or giving up too early). Keeping it as plain offsets makes it testable call by call and lets the
sync, async and many-payment pollers share one definition.

Source: the default is the reconciliation schedule of the gateway's public reference (the only schedule the
gateway's side publishes), not the interface document, which only says "poll until the status changes": first check
20-25 s after the payment starts, then every 3 s for 30 s, every 6 s for 60 s, every 10 s for 60 s, every 30 s
for 60 s, then every minute until a 15-minute timeout.

Against the local sandbox (``environment="local"``) the default is :data:`SANDBOX_SCHEDULE` instead: the sandbox
settles a payment within seconds, so a development loop should not wait 20 s for its first check. One way to
poll quickly on any gateway, in Python, the CLI and TypeScript alike: ``poll_every=SECONDS`` (``--poll-every``,
``pollEvery``), which is :meth:`PollSchedule.every`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..errors import ValidationError


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

    @classmethod
    def every(cls, seconds: float, *, timeout: float = 15 * 60.0) -> PollSchedule:
        """A check every ``seconds``, the first ``seconds`` after the start, until ``timeout``: what
        ``wait(poll_every=seconds)`` uses. For a local sandbox; a real gateway expects :data:`DEFAULT_SCHEDULE`."""
        return cls(first_check_after=seconds, phases=(Phase(seconds, None),), timeout=timeout)

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
"""The gateway's public reference: the default against the ``sandbox`` and ``production`` environments."""

SANDBOX_SCHEDULE = PollSchedule.every(1.0)
"""The local sandbox's own: a check every second from 1 s after the start (it settles an unopened payment after
3 s), until the same 15 minutes. The default against ``environment="local"``."""


def schedule_for(environment: str) -> PollSchedule:
    """The default schedule of a gateway in ``environment``: :data:`SANDBOX_SCHEDULE` for ``local``, else the
    public reference's :data:`DEFAULT_SCHEDULE`."""
    return SANDBOX_SCHEDULE if environment == "local" else DEFAULT_SCHEDULE


def choose_schedule(schedule: PollSchedule | None, poll_every: float | None, environment: str) -> PollSchedule:
    """What a wait polls on: ``schedule``, else a check every ``poll_every`` seconds, else the environment's default.
    Both given, or a ``poll_every`` that is not a positive number: ValidationError, nothing is sent."""
    if poll_every is None:
        return schedule if schedule is not None else schedule_for(environment)
    if schedule is not None:
        raise ValidationError("poll_every", "give either poll_every= or schedule=, not both: drop one of them")
    if isinstance(poll_every, bool) or not isinstance(poll_every, int | float) or not 0 < poll_every < 3600:
        raise ValidationError(
            "poll_every", f"must be a number of seconds above 0 and below 3600 (got {poll_every!r}): e.g. poll_every=1"
        )
    return PollSchedule.every(float(poll_every))
