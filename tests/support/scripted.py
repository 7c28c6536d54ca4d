"""The scripted gateway of the kit's whole-client cases (`clients`), shared by every replay of them: a loopback HTTP
server that answers each request with the next scripted answer (the step's status, headers and body bytes) and
records each request that arrived; and the cases themselves, read from the shipped kit (spec/conformance/kit.json),
with how a step names its call in Python.

Replays: tests/conformance/test_client_cases.py (a Gateway), tests/unit/ledger/test_kit_client_cases.py (a Gateway with
the ledger and the reconciler), tests/unit/cli/test_mgw_kit_client_cases.py (the `mgw` command line)."""

from __future__ import annotations

import base64
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SHIPPED_KIT = ROOT / "spec" / "conformance" / "kit.json"
NOT_SCRIPTED: dict[str, Any] = {"status": 599, "headers": {}, "body_base64": ""}  # a failure: proves nothing


def shipped_client_cases() -> list[dict[str, Any]]:
    """The `clients` cases of the kit as shipped (what another language's client is held to)."""
    cases: list[dict[str, Any]] = json.loads(SHIPPED_KIT.read_text(encoding="utf-8"))["clients"]["cases"]
    return cases


class Seen:
    """One request that arrived: its method, path and the transaction id its payload or path names."""

    def __init__(self, method: str, path: str, body: bytes) -> None:
        self.method = method
        self.path = path
        self.transaction_id = _transaction_of(path, body)

    def __repr__(self) -> str:
        return f"Seen({self.method} {self.path} {self.transaction_id})"


def _transaction_of(path: str, body: bytes) -> str | None:
    try:
        wrapped = json.loads(body)
        payload = json.loads(base64.b64decode(wrapped["request"]))
        txn = payload.get("transactionId")
        return txn if isinstance(txn, str) else None
    except (ValueError, KeyError, TypeError, AttributeError):
        pass
    parts = [p for p in path.split("?")[0].split("/") if p]
    if "status" in parts and len(parts) >= 2:  # .../{merchantId}/{transactionId}/status
        return parts[parts.index("status") - 1]
    return None


class ScriptedGateway:
    """Answers every request with the next scripted answer, in order (none left: :data:`NOT_SCRIPTED`); records each
    request that arrived. ``answers`` may be replaced between steps."""

    def __init__(self) -> None:
        self.answers: list[dict[str, Any]] = []
        self.seen: list[Seen] = []
        self._lock = threading.Lock()
        script = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                with script._lock:
                    script.seen.append(Seen(self.command, self.path, body))
                    answer = script.answers.pop(0) if script.answers else NOT_SCRIPTED
                raw = base64.b64decode(answer["body_base64"] or "")
                self.send_response(answer["status"])
                for name, value in answer["headers"].items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            do_GET = do_POST = do_PUT = _answer

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def script(self, answer: dict[str, Any] | None, times: int) -> None:
        """Every request of the next step gets ``answer`` (a re-send would be seen); None: nothing is scripted."""
        with self._lock:
            self.answers = [] if answer is None else [answer] * times

    def sent_for(self, transaction_id: str, since: int = 0) -> list[Seen]:
        """The requests naming ``transaction_id`` that arrived after the first ``since``."""
        return [s for s in self.seen[since:] if s.transaction_id == transaction_id]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def step_arguments(step: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of the Gateway method a step names (operationId in snake case): its payload and path
    values but the merchant id (the configured one), and its options."""
    arguments = {snake(k): v for k, v in (step.get("payload") or {}).items() if k != "merchantId"}
    arguments |= {snake(k): v for k, v in (step.get("path") or {}).items() if k != "merchantId"}
    arguments |= step.get("options") or {}
    return arguments


def step_transaction(step: dict[str, Any]) -> str:
    txn: str = (step.get("payload") or {}).get("transactionId") or (step.get("path") or {})["transactionId"]
    return txn


def gateway_settings(case: dict[str, Any], url: str) -> dict[str, Any]:
    """A Gateway's settings for one case against the scripted gateway at ``url`` (its retry policy: `attempts`)."""
    from merchant_gateway import RetryPolicy

    return {
        "merchant_id": case["merchant"],
        "salt_key": "kit-clients-salt",
        "salt_index": "1",
        "base_url": f"{url}/base",
        "apps_url": f"{url}/apps",
        "auth_url": f"{url}/auth",
        "timeout": 10.0,
        "retry": RetryPolicy(max_attempts=case["attempts"]),
    }


def ends(gw: Any, step: dict[str, Any], caplog: Any) -> dict[str, Any]:
    """How a Python Gateway ends ``step``: the error it raised (``refused`` when before sending), or the verdict it
    returned the answer under (its own judgement of the response, from its structured "response" event; ``caplog``
    must capture the merchant_gateway logger at DEBUG). ``error``: the exception's class name, if one was raised."""
    from merchant_gateway.errors import GatewayError, ValidationError

    caplog.clear()
    try:
        result = getattr(gw, snake(step["call"]))(**step_arguments(step))
    except ValidationError as exc:  # refused before sending
        return {"outcome": "refused", "code": exc.code, "said": str(exc), "error": type(exc).__name__}
    except GatewayError as exc:
        return {"outcome": exc.verdict, "code": exc.code, "said": str(exc), "error": type(exc).__name__}
    events = [r.mgw for r in caplog.records if getattr(r, "mgw", {}).get("event") == "response"]
    code = getattr(result, "code", None)
    return {"outcome": events[-1]["verdict"], "code": None if code is None else str(code), "said": None, "error": None}
