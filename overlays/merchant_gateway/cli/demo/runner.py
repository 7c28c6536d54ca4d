"""Running the demo's steps: each one ends in one line (ok, FAIL with its cause, or skip with its reason), printed
as it ends and tallied for the summary and the exit status.

Why this module exists: a network failure or a gateway error must never end the demo in a traceback, and a step
whose predecessor did not hold must say so instead of failing on its missing result. Every step of the story goes
through :meth:`StepRunner.step`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import httpx

from ...errors import GatewayError
from ..output import Output


class StepFailed(Exception):
    pass


class Skip(Exception):
    """The step cannot run here (and that is not a failure): the reason says why and what would make it run."""


def one_line(exc: BaseException) -> str:
    """An exception as one line naming its cause (a chained transport error included), never a traceback."""
    text = str(exc) or type(exc).__name__
    if isinstance(exc, httpx.HTTPError | OSError):
        text = f"{type(exc).__name__}: {text}"
    cause, seen = exc.__cause__, 0
    while cause is not None and cause.__cause__ is not None and seen < 10:  # the root cause names what happened
        cause, seen = cause.__cause__, seen + 1
    if cause is not None and str(cause) not in text:
        text += f": {type(cause).__name__}: {cause}" if str(cause) else f": {type(cause).__name__}"
    return " ".join(text.split())


class StepRunner:
    """Runs the steps in order and records how each ended."""

    def __init__(self, out: Output) -> None:
        self.out = out
        self.steps: list[dict[str, Any]] = []

    def step(self, name: str, run: Callable[[], str], *, needs: Sequence[str] = ()) -> bool:
        """Run one step; it is skipped when a step it needs did not hold. Any failure is one line."""
        missing = [need for need in needs if self.result(need) != "ok"]
        if missing:
            self._record(name, "skipped", f"needs '{missing[0]}', which did not hold")
            return False
        try:
            detail = run()
        except Skip as exc:
            self._record(name, "skipped", str(exc))
            return False
        except (StepFailed, GatewayError, httpx.HTTPError, OSError) as exc:
            self._record(name, "failed", one_line(exc))
            return False
        except Exception as exc:  # noqa: BLE001 - the demo reports every step, it never ends in a traceback
            self._record(name, "failed", f"unexpected {type(exc).__name__}: {one_line(exc)}")
            return False
        self._record(name, "ok", detail)
        return True

    def skip(self, name: str, why: str) -> None:
        self._record(name, "skipped", why)

    def result(self, name: str) -> str | None:
        return next((s["result"] for s in reversed(self.steps) if s["step"] == name), None)

    def _record(self, name: str, result: str, detail: str) -> None:
        mark = {"ok": "ok  ", "failed": "FAIL", "skipped": "skip"}[result]
        self.steps.append({"step": name, "result": result, "detail": detail})
        self.out.step(f"[{mark}] {name}: {detail}")

    @property
    def failed(self) -> int:
        return sum(1 for s in self.steps if s["result"] == "failed")
