"""The send fence: the send deadline of one attempt of a money-moving call, checked immediately before the
attempt's first byte is written (merchant_gateway.transports), set by whoever recorded the attempt (the payment
ledger, merchant_gateway.ledger) for that attempt only, and classified by merchant_gateway._core.

Why a module of its own: it holds no I/O and imports nothing, so the gateways and the task layer can scope it around
each attempt without loading the HTTP engine when the package is imported.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable


class SendDeadlinePassed(Exception):
    """An attempt's send deadline had passed when its first byte was about to be written: nothing of the request was
    written (the connection is closed with it). The gateway classifies it "nothing was sent", never "outcome
    unknown" (merchant_gateway/_core.py)."""


class SendFence:
    """The send deadline of one attempt of a money-moving call, set by whoever recorded the attempt (the payment
    ledger) on the clock it recorded it with: the ledger declares a payment never recorded (NOT_RECORDED) only
    after this deadline plus its grace, so no byte of the attempt may leave after it. ``deadline`` is read on
    ``clock`` (the ledger's); ``monotonic_deadline`` on ``monotonic`` (this machine's), so a wall clock set back
    while the process was paused cannot reopen the window. Checked before the first byte written on each stream
    of the request (a proxy tunnel's CONNECT and then the request inside it), never after one has left."""

    __slots__ = ("clock", "deadline", "monotonic", "monotonic_deadline", "written_on")

    def __init__(
        self,
        deadline: float,
        clock: Callable[[], float],
        *,
        monotonic_deadline: float | None = None,
        monotonic: Callable[[], float] | None = None,
    ) -> None:
        self.deadline = deadline
        self.clock = clock
        self.monotonic_deadline = monotonic_deadline
        self.monotonic = monotonic
        self.written_on: object = None  # the stream whose first write passed

    def __repr__(self) -> str:
        return f"SendFence(deadline={self.deadline})"

    def expired(self) -> bool:
        if self.clock() >= self.deadline:
            return True
        return (
            self.monotonic_deadline is not None
            and self.monotonic is not None
            and self.monotonic() >= self.monotonic_deadline
        )

    def before_first_byte(self, stream: object) -> None:
        """Called before every write of the request on ``stream``: the first one raises :class:`SendDeadlinePassed`
        once the deadline has passed; a later one on the same stream never does (bytes are out: the outcome is the
        gateway's to tell)."""
        if self.written_on is stream:
            return
        if self.expired():
            raise SendDeadlinePassed(
                "the attempt's send deadline passed before its first byte was written (the process was paused or "
                "slowed): nothing was sent"
            )
        self.written_on = stream


# The send fence of the attempt being sent in this thread / task (None: the call has no send deadline). Set by the
# observer that records the attempt, for that attempt only (the gateway resets it when the attempt ends).
_fence: contextvars.ContextVar[SendFence | None] = contextvars.ContextVar("mgw_send_fence", default=None)


def arm_fence(fence: SendFence) -> None:
    """Give the attempt about to be sent in this thread / task its send deadline (see :class:`SendFence`)."""
    _fence.set(fence)


def fence_scope() -> contextvars.Token[SendFence | None]:
    """Start an attempt without a fence; pass the result to :func:`end_fence_scope` when the attempt is over."""
    return _fence.set(None)


def end_fence_scope(token: contextvars.Token[SendFence | None]) -> None:
    _fence.reset(token)


def check_fence(stream: object) -> None:
    """Before a write on ``stream`` of the request being sent in this thread / task (see
    :meth:`SendFence.before_first_byte`)."""
    fence = _fence.get()
    if fence is not None:
        fence.before_first_byte(stream)
