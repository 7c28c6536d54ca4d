"""The task methods' docstrings: a short hand-written text of what the task adds, the rest made from the spec.

Why this module exists: what an operation takes and what each of its answers means is in the spec; copied by hand
into every task docstring, it drifted. :func:`task` keeps a method's own text (what the task does beyond the
operation: its choices, its result, its own keywords and errors) and appends what the generated package knows: the
operations' summaries and keywords with their limits (``merchant_gateway_client.payloads.DOCS``), the error each
answer code raises and the verdicts of the outcome table (``merchant_gateway_client.outcomes``). help(), inspect
and the docs site (``docs/reference/griffe_tasks.py``) show the result. The derived ``_sync.py`` carries no copy
of these docstrings (tools/derive_sync.py, DOCSTRING_DECORATORS): a sync method gets its async twin's finished one.
"""

from __future__ import annotations

import inspect
import textwrap
from collections.abc import Callable, Sequence
from typing import TypeVar

from merchant_gateway_client import payloads
from merchant_gateway_client.operations import OPERATIONS
from merchant_gateway_client.outcomes import CATEGORIES, OUTCOMES
from merchant_gateway_client.payloads import DOCS

from ..errors import error_for_category

F = TypeVar("F", bound=Callable[..., object])
ORDER = ("succeeded", "accepted", "pending", "failed", "duplicate", "rejected", "not-found", "unknown")
WIDTH = 112
UNLISTED = "a code the table does not list"
SIGNS_NOTHING = "ValidationError: bad input, named by field (its wire name), before anything is signed."
FINISHED: dict[str, str] = {}  # the finished docstrings by _key, which the derived sync methods take


def task(*operations: str, raises: Sequence[str] = (), sends: bool = True) -> Callable[[F], F]:
    """Complete the decorated method's docstring for the operations it sends (operation ids, the main one first).

    The keywords listed are those the first operation takes among the method's own and, when it takes
    ``**fields: Unpack[<TypedDict>]``, the TypedDict's keys.
    ``raises`` adds task-level errors (``"Class: when"``) to the generated ones; a method whose own text has a
    Raises section keeps it instead. ``sends=False``: a request signed here for another sender (the app's SDK):
    no answer comes back, so no verdicts, and only bad input raises."""

    def attach(func: F) -> F:
        if func.__doc__ is None:  # a derived sync method: the docstring of its async twin, finished once
            if (doc := FINISHED.get(_key(func))) is None:  # the package imports _async before _sync
                raise TypeError(f"{func.__qualname__} has no docstring and no documented async twin: write one")
            func.__doc__ = doc
            return func
        own = inspect.cleandoc(func.__doc__)
        parts = [own, *_operations(operations), *_keywords(func, operations[0])]
        if "\nRaises:" not in f"\n{own}":
            parts.append(_raises(operations, raises) if sends else f"Raises:\n    {SIGNS_NOTHING}")
        parts.append(_verdicts(operations) if sends else "")
        func.__doc__ = FINISHED[_key(func)] = "\n\n".join(p for p in parts if p)
        return func

    return attach


def _key(func: Callable[..., object]) -> str:
    """The same for a method and its async twin: ``merchant_gateway.tasks:Payments.start``."""
    return f"{func.__module__.rpartition('.')[0]}:{func.__qualname__.removeprefix('Async')}"


def _wrap(text: str, indent: str = "") -> str:
    hang = indent + "    " if indent else ""
    return textwrap.fill(text, WIDTH, initial_indent=indent, subsequent_indent=hang, break_on_hyphens=False)


def _operations(operations: Sequence[str]) -> list[str]:
    lines = [f"{op} (``{DOCS[op].name}``): {DOCS[op].summary}." for op in operations if op in DOCS]
    return [_wrap(("Operations: " if len(lines) > 1 else "Operation: ") + " ".join(lines))]


def _keywords(func: Callable[..., object], operation: str) -> list[str]:
    spec = DOCS[operation].keywords
    params = inspect.signature(func).parameters
    given = set(params)
    for p in params.values():
        if p.kind is inspect.Parameter.VAR_KEYWORD:  # **fields: Unpack[<TypedDict>]: the TypedDict's keys
            name = str(p.annotation).removeprefix("Unpack[").removesuffix("]")
            given |= set((inspect.unwrap(func).__globals__.get(name) or getattr(payloads, name)).__annotations__)
    names = [n for n in spec if n in given and n != "merchant_id"]  # in the operation's order
    if not names:
        return []
    args = ["Args:"]
    for name in names:
        k = spec[name]
        made = " Generated when not given." if name == "transaction_id" and name in params else ""
        text = f"{name}: {k.description or '-'}{made} ({k.wire}{'' if k.required else ', optional'})"
        args.append(_wrap(text, "    "))
    limits = [f"``{n}`` {spec[n].limits}" for n in names if spec[n].limits]
    return ["\n".join(args), _wrap("Limits: " + "; ".join(limits) + ".") if limits else ""]


def _raises(operations: Sequence[str], extra: Sequence[str]) -> str:
    tables = [OUTCOMES[op] for op in operations if op in OUTCOMES]
    moves = any(t.may_move_money for t in tables)
    by_class: dict[str, list[str]] = {}
    for t in tables:
        # a payment state (a status read's PAYMENT_ERROR...) is returned, not raised
        raised = ("rejected", "not-found") if t.payment_state else ("failed", "duplicate", "rejected", "not-found")
        for code, outcome in t.codes.items():
            if outcome in raised or (outcome == "unknown" and not moves):
                error = error_for_category(CATEGORIES.get(code)).__name__
                by_class.setdefault("DuplicateRequestError" if outcome == "duplicate" else error, []).append(code)
        for (code, pay), outcome in t.refine.items():
            if outcome == "duplicate":
                by_class.setdefault("DuplicateRequestError", []).append(f"{code} + {pay}")
    lines = ["ValidationError: bad input, named by field; nothing was sent."]
    money = any(OPERATIONS[DOCS[op].name].money_movement != "none" for op in operations if op in DOCS)
    if moves:
        lines.append(
            "OutcomeUnknown: the request may have reached the gateway and its answer was lost or unknown (timeout, "
            "dropped connection, 5xx, an unknown verdict): "
            + (
                "settle it with ``gateway.reconcile(exc.transaction_id)``, never by sending again."
                if money
                else "the gateway may have acted; nothing is re-sent, the caller decides."
            )
        )
    else:
        lines.append("GatewayConnectionError, GatewayTimeoutError: no answer after the automatic retries.")
    lines += [f"{name}: {', '.join(dict.fromkeys(codes))}." for name, codes in by_class.items()]
    lines += [*extra, "Every error carries ``verdict`` and ``remedy`` (what to do next)."]
    return "Raises:\n" + "\n".join(_wrap(line, "    ") for line in lines)


def _verdicts(operations: Sequence[str]) -> str:
    codes: dict[str, list[str]] = {}
    unlisted = {OUTCOMES[op].unlisted for op in operations if op in OUTCOMES}  # when they differ, say where
    for op in operations:
        t = OUTCOMES.get(op)
        if t is None:
            continue
        for code, outcome in t.codes.items():
            codes.setdefault(outcome, []).append(code)
        for (code, pay), outcome in t.refine.items():
            codes.setdefault(outcome, []).append(f"{code} + {pay}")
        codes.setdefault(t.unlisted, []).append(UNLISTED if len(unlisted) == 1 else f"on {op} {UNLISTED}")
    parts = [f"{v} ({', '.join(dict.fromkeys(codes[v]))})" for v in ORDER if v in codes]
    return _wrap(f"Verdicts ({', '.join(operations)}): {', '.join(parts)}.")
