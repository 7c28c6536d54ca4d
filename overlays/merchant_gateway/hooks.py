"""The one extension point of Gateway and AsyncGateway: an observer around every call and each of its attempts.

Why this module exists: the payment ledger (merchant_gateway.ledger) must write a payment down before its request
is sent, see every answer or failure, and make every HTTP attempt wait for a rate ceiling shared by many
processes; tracing (merchant_gateway.telemetry) must see every call and attempt. Rather than the gateways knowing
about ledgers or tracers, they call an observer given to their constructor (``Gateway(..., observer=...)``);
without one they behave exactly as before. :func:`combine` makes several observers one, so the ledger, tracing and
a merchant's own observer all see every call. ``prep`` is the validated call
(:class:`merchant_gateway._core.Prepared`: the operation's facts, the transaction id, the amount, the generated
call's keyword arguments: the payload, never to be logged or recorded); nothing has been sent when ``call`` is
entered.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ._core import Prepared


class AttemptEnd(NamedTuple):
    """How one HTTP attempt ended, as :meth:`CallObserver.after_attempt` is told."""

    number: int  # 1-based; a retry is attempt 2, 3 ...
    status: int | None  # the HTTP status of the answer; None: no answer (never connected, timed out, cut off)
    # the attempt's exception: the call's own error when this attempt ended the call with one, else (retried) the
    # transport's exception; None for an answer, returned or retried
    error: BaseException | None
    retry_in: float | None  # seconds until the next attempt; None: this attempt ended the call


class CallObserver:
    """Base class: every method passes straight through. Subclass and override what you need."""

    def call(self, prep: Prepared, run: Callable[[Prepared], Any]) -> Any:
        """Around one public call of a :class:`~merchant_gateway.Gateway` (all of its attempts): ``run(prep)``."""
        return run(prep)

    def before_attempt(self, prep: Prepared) -> None:
        """Before each HTTP attempt (retries included) of a Gateway; may block (a rate ceiling). Raising here
        stops the call: the attempt is not sent and ``after_attempt`` does not follow."""

    def attempt_ready(self, prep: Prepared) -> None:
        """Called by :class:`CombinedObserver` once every observer's ``before_attempt`` has returned: the attempt
        goes out now. A lone observer is not called: its own ``before_attempt`` is the last step before the send.
        Lets an observer tell the waits of the observers after it (a rate ceiling) from the attempt itself. Must not
        block (on the event loop for an AsyncGateway)."""

    def after_attempt(self, prep: Prepared, end: AttemptEnd) -> None:
        """After each HTTP attempt of a Gateway or an AsyncGateway (on the event loop: must not block or wait)."""

    async def acall(self, prep: Prepared, run: Callable[[Prepared], Awaitable[Any]]) -> Any:
        """Around one public call of an :class:`~merchant_gateway.AsyncGateway`."""
        return await run(prep)

    async def abefore_attempt(self, prep: Prepared) -> None:
        """Before each HTTP attempt of an AsyncGateway."""


class CombinedObserver(CallObserver):
    """Several observers as one (build with :func:`combine`). ``call``/``acall`` nest in the order given (the first
    is outermost: it sees the call first and its outcome last); ``before_attempt`` runs each in that order (one
    that raises stops the attempt: the later ones do not run), then ``attempt_ready`` of each; ``after_attempt``
    runs each in reverse order, innermost first, as the nesting unwinds."""

    def __init__(self, observers: tuple[CallObserver, ...]) -> None:
        self.observers = observers

    def __repr__(self) -> str:
        return f"combine({', '.join(type(o).__name__ for o in self.observers)})"

    def __iter__(self) -> Iterator[CallObserver]:
        return iter(self.observers)

    def call(self, prep: Prepared, run: Callable[[Prepared], Any]) -> Any:
        for observer in reversed(self.observers):
            run = _nest(observer, run)
        return run(prep)

    def before_attempt(self, prep: Prepared) -> None:
        for observer in self.observers:
            observer.before_attempt(prep)
        for observer in self.observers:
            observer.attempt_ready(prep)

    def after_attempt(self, prep: Prepared, end: AttemptEnd) -> None:
        for observer in reversed(self.observers):
            observer.after_attempt(prep, end)

    async def acall(self, prep: Prepared, run: Callable[[Prepared], Awaitable[Any]]) -> Any:
        for observer in reversed(self.observers):
            run = _anest(observer, run)
        return await run(prep)

    async def abefore_attempt(self, prep: Prepared) -> None:
        for observer in self.observers:
            await observer.abefore_attempt(prep)
        for observer in self.observers:
            observer.attempt_ready(prep)


def _nest(observer: CallObserver, run: Callable[[Prepared], Any]) -> Callable[[Prepared], Any]:
    return lambda prep: observer.call(prep, run)


def _anest(observer: CallObserver, run: Callable[[Prepared], Awaitable[Any]]) -> Callable[[Prepared], Awaitable[Any]]:
    return lambda prep: observer.acall(prep, run)


def combine(*observers: CallObserver | None) -> CallObserver | None:
    """One observer made of ``observers`` (``None`` entries skipped, combined ones flattened; see
    :class:`CombinedObserver` for the order), e.g. ``Gateway(..., observer=combine(ledger.observer, telemetry,
    mine))``. One observer is returned as it is; none gives ``None`` (no observer)."""
    flat: list[CallObserver] = []
    for observer in observers:
        if observer is None:
            continue
        if not isinstance(observer, CallObserver):
            raise TypeError(
                f"combine() takes CallObserver instances (merchant_gateway.hooks.CallObserver), not "
                f"{type(observer).__name__}: subclass CallObserver and override what you need"
            )
        flat.extend(observer.observers if isinstance(observer, CombinedObserver) else (observer,))
    if not flat:
        return None
    return flat[0] if len(flat) == 1 else CombinedObserver(tuple(flat))


def includes(observer: CallObserver | None, wanted: CallObserver) -> bool:
    """Whether ``observer`` (a gateway's) is ``wanted`` or a combination that holds it."""
    if observer is wanted:
        return True
    return isinstance(observer, CombinedObserver) and any(o is wanted for o in observer.observers)
