"""Printing for the `mgw` command line: one line per fact for people, one JSON document with ``--json``.

Why this module exists: every command reports through it, so the JSON shape and the error line format are the
same everywhere, and secrets cannot slip in through ad-hoc prints (values are metadata chosen by the commands).
"""

from __future__ import annotations

import datetime
import json
import sys
from collections.abc import Mapping
from typing import Any, TextIO

# The names of time fields whose name does not end in _at or _until (a payment's end of its polling schedule)
_TIME_NAMES = frozenset({"at", "deadline"})


def iso_time(at: float | None) -> str | None:
    """A time of the ledger or the gateway (seconds since the epoch) as every `mgw` command prints one: ISO 8601 in
    UTC with milliseconds (``2026-11-28T00:24:24.123Z``); None stays None (JSON null; text shows ``-``). Epoch
    numbers are unreadable to an operator and ambiguous (seconds or milliseconds) to a log pipeline."""
    if at is None:
        return None
    moment = datetime.datetime.fromtimestamp(float(at), datetime.UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def is_time_field(name: str) -> bool:
    """Whether a field of a command's JSON document holds a time (``*_at``, ``*_until``, ``at``, ``deadline``)."""
    return name in _TIME_NAMES or name.endswith(("_at", "_until"))


def iso_times(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with each number in a time field (:func:`is_time_field`) as :func:`iso_time`: a record of the
    ledger (a payment, an event, a pending hook) made ready for ``--json``."""
    return {
        k: iso_time(v) if is_time_field(k) and isinstance(v, int | float) and not isinstance(v, bool) else v
        for k, v in data.items()
    }


class Output:
    def __init__(self, *, json_mode: bool, stdout: TextIO | None = None, stderr: TextIO | None = None) -> None:
        self.json_mode = json_mode
        self.warnings: list[str] = []  # JSON mode: what warning() was given, put into the result document
        self._out = stdout or sys.stdout
        self._err = stderr or sys.stderr

    def result(self, human: str, **data: Any) -> None:
        """The command's result: a readable line, or ``data`` as JSON."""
        if self.json_mode:
            if self.warnings:
                data.setdefault("warnings", self.warnings)
            self._out.write(json.dumps({"ok": True, **data}, sort_keys=True, default=str) + "\n")
        else:
            self._out.write(human + "\n")
        self._out.flush()

    def step(self, human: str) -> None:
        """Progress for people; silent in JSON mode so stdout stays one document."""
        if not self.json_mode:
            self._out.write(human + "\n")
            self._out.flush()

    def prompt(self, human: str) -> None:
        """What a person must do now (open a page, pay, type an OTP): seen even with ``--json`` (then on stderr,
        so stdout stays one document)."""
        stream = self._err if self.json_mode else self._out
        stream.write(human + "\n")
        stream.flush()

    def warning(self, message: str) -> None:
        """A warning for people on stderr; with ``--json`` it goes into the result or error document."""
        if self.json_mode:
            self.warnings.append(message)
        else:
            self._err.write(f"mgw: warning: {message}\n")
            self._err.flush()

    def error(self, message: str, *, kind: str, **data: Any) -> None:
        if self.json_mode:
            doc = {"ok": False, "error": kind, "message": message, **{k: v for k, v in data.items() if v}}
            if self.warnings:
                doc.setdefault("warnings", self.warnings)
            self._out.write(json.dumps(doc, sort_keys=True, default=str) + "\n")
            self._out.flush()
        else:
            self._err.write(f"mgw: error: {message}\n")
            self._err.flush()

    def progress(self, done: int, total: int) -> None:
        """A one-line progress bar on stderr (people only)."""
        if self.json_mode or total <= 0:
            return
        width = 30
        filled = int(width * done / total)
        self._err.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done >= total:
            self._err.write("\n")
        self._err.flush()
