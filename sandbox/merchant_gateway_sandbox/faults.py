"""Fault injection (SANDBOX only), applied at the ASGI level before/around an operation.

Kinds:
- delay:          handle the request at once (the payment IS recorded), then wait `seconds` (real time)
                  before sending the answer
- drop_before:    close the connection without an answer; nothing is recorded
- drop_after:     handle the request (the payment IS recorded), then close the connection without an answer
- html_500:       HTTP 500 with an HTML body (`after_record` true: the request is handled first)
- truncated_json: handle the request, then send only the first half of the JSON answer
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

KINDS = ("delay", "drop_before", "drop_after", "html_500", "truncated_json")


@dataclass
class Fault:
    kind: str
    operation_id: str = "*"
    seconds: float = 0.0
    times: int | None = 1  # None = every matching request
    after_record: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "operationId": self.operation_id,
            "seconds": self.seconds,
            "times": self.times,
            "afterRecord": self.after_record,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Fault:
        kind = str(data.get("kind", ""))
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}")
        times = data.get("times", 1)
        return cls(
            kind=kind,
            operation_id=str(data.get("operationId", "*")),
            seconds=float(data.get("seconds", 0.0)),
            times=None if times is None else int(times),
            after_record=bool(data.get("afterRecord", kind in ("drop_after", "truncated_json"))),
        )


class Faults:
    def __init__(self) -> None:
        self._rules: list[Fault] = []
        self._lock = threading.Lock()

    def add(self, fault: Fault) -> Fault:
        with self._lock:
            self._rules.append(fault)
        return fault

    def clear(self) -> None:
        with self._lock:
            self._rules.clear()

    def list(self) -> list[Fault]:
        with self._lock:
            return list(self._rules)

    def take(self, operation_id: str) -> Fault | None:
        with self._lock:
            for rule in self._rules:
                if rule.operation_id in ("*", operation_id):
                    if rule.times is not None:
                        rule.times -= 1
                        if rule.times <= 0:
                            self._rules.remove(rule)
                    return rule
        return None
