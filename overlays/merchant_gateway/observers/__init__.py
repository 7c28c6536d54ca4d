"""The one extension point of Gateway and AsyncGateway: an observer around every call and each of its attempts.

Why this module exists: the payment ledger (merchant_gateway.ledger) must write a payment down before its request
is sent, see every answer or failure, and make every HTTP attempt wait for a rate ceiling shared by many
processes; tracing (merchant_gateway.telemetry) must see every call and attempt. Rather than the gateways knowing
about ledgers or tracers, they call an observer given to their constructor (``Gateway(..., observer=...)``);
without one they behave exactly as before. :func:`combine` makes several observers one, so the ledger, tracing and
a merchant's own observer all see every call. ``prep`` is the validated call
(:class:`merchant_gateway._core.Prepared`: the operation's facts, the transaction id, the amount, the generated
call's keyword arguments: the payload, never to be logged or recorded); nothing has been sent when ``call`` is
entered. The calls are written once, async, in ``_async.py`` (``_sync.py`` is derived).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ._async import AsyncCombinedCalls, AsyncObserverCalls
from ._base import AsyncRun, AttemptEnd, Run
from ._sync import CombinedCalls, ObserverCalls

if TYPE_CHECKING:
    from .._core import Prepared

__all__ = ["AsyncRun", "AttemptEnd", "CallObserver", "CombinedObserver", "Run", "combine", "includes"]

# The async methods' names before the package's async naming rule (docs/design.md, "Async names"): an observer written
# for them is still called, through the new names, with a DeprecationWarning when its class is defined.
RENAMED = {"acall": "async_call", "abefore_attempt": "async_before_attempt"}


class CallObserver(ObserverCalls, AsyncObserverCalls):
    """Base class: every method passes straight through. Subclass and override what you need: ``call`` and
    ``before_attempt`` for a :class:`~merchant_gateway.Gateway`, ``async_call`` and ``async_before_attempt`` for an
    :class:`~merchant_gateway.AsyncGateway`, ``attempt_ready`` and ``after_attempt`` for both.

    Deprecated: ``acall``/``abefore_attempt``, the names of ``async_call``/``async_before_attempt`` up to 3.0.0 (one
    naming rule for async names, docs/design.md). A subclass that defines an old name (and not the new one) is
    called through the new one; defining it warns (:class:`DeprecationWarning`, once per class)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        old = [name for name, new in RENAMED.items() if name in vars(cls) and new not in vars(cls)]
        for name in old:
            setattr(cls, RENAMED[name], vars(cls)[name])
        if old:
            renames = ", ".join(f"{name} -> {RENAMED[name]}" for name in old)
            warnings.warn(
                f"{cls.__module__}.{cls.__qualname__}: CallObserver's async methods were renamed ({renames}); "
                "the gateways call the old names through the new ones until a later release removes them: "
                "rename them (and any super() call)",
                DeprecationWarning,
                stacklevel=2,
            )

    def before_attempt(self, prep: Prepared) -> None:
        """Before each HTTP attempt (retries included) of a Gateway; may block (a rate ceiling). Raising here
        stops the call: the attempt is not sent and ``after_attempt`` does not follow."""

    async def async_before_attempt(self, prep: Prepared) -> None:
        """Before each HTTP attempt of an AsyncGateway; may wait, never block the event loop."""

    def attempt_ready(self, prep: Prepared) -> None:
        """Called by :class:`CombinedObserver` once every observer's ``before_attempt`` has returned: the attempt
        goes out now. A lone observer is not called: its own ``before_attempt`` is the last step before the send.
        Lets an observer tell the waits of the observers after it (a rate ceiling) from the attempt itself. Must not
        block (on the event loop for an AsyncGateway)."""

    def after_attempt(self, prep: Prepared, end: AttemptEnd) -> None:
        """After each HTTP attempt of a Gateway or an AsyncGateway (on the event loop: must not block or wait)."""


class CombinedObserver(CombinedCalls, AsyncCombinedCalls, CallObserver):
    """Several observers as one (build with :func:`combine`). ``call``/``async_call`` nest in the order given (the
    first is outermost: it sees the call first and its outcome last); ``before_attempt`` runs each in that order
    (one that raises stops the attempt: the later ones do not run), then ``attempt_ready`` of each;
    ``after_attempt`` runs each in reverse order, innermost first, as the nesting unwinds."""

    def __init__(self, observers: tuple[CallObserver, ...]) -> None:
        self.observers = observers

    def __repr__(self) -> str:
        return f"combine({', '.join(type(o).__name__ for o in self.observers)})"

    def __iter__(self) -> Iterator[CallObserver]:
        return iter(self.observers)

    def after_attempt(self, prep: Prepared, end: AttemptEnd) -> None:
        for observer in reversed(self.observers):
            observer.after_attempt(prep, end)


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
                f"combine() takes CallObserver instances (merchant_gateway.observers.CallObserver), not "
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
