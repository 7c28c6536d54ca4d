"""The kit's whole-client cases (`clients`, tools/conformance/client_cases.py) replayed by the Python client end to
end: a Gateway (one attempt per call, so every answer is seen as it is) sends each step to a loopback server that
answers with the step's scripted bytes and records what arrived; each call must end as the kit says (verdict,
code, refused before sending or not, what the error begins with). clients/typescript/test/clients-kit.test.ts
replays the same cases with the TypeScript client."""

from __future__ import annotations

import base64
import logging
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from merchant_gateway import Gateway, RetryPolicy
from merchant_gateway.errors import GatewayError, ValidationError


class ScriptedGateway:
    """Answers every request with the next scripted answer, in order; records each request that arrived."""

    def __init__(self) -> None:
        self.answers: list[dict[str, Any]] = []
        self.seen: list[tuple[str, str]] = []
        script = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                script.seen.append((self.command, self.path))
                none: dict[str, Any] = {"status": 599, "headers": {}, "body_base64": ""}  # not scripted: a failure
                answer = script.answers.pop(0) if script.answers else none
                body = base64.b64decode(answer["body_base64"] or "")
                self.send_response(answer["status"])
                for name, value in answer["headers"].items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_PUT = _answer

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def scripted() -> Iterator[ScriptedGateway]:
    gateway = ScriptedGateway()
    yield gateway
    gateway.close()


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def _call(gw: Gateway, step: dict[str, Any]) -> Any:
    method = getattr(gw, _snake(step["call"]))
    arguments = {_snake(k): v for k, v in (step.get("payload") or {}).items() if k != "merchantId"}
    arguments |= {_snake(k): v for k, v in (step.get("path") or {}).items() if k != "merchantId"}
    arguments |= step.get("options") or {}
    return method(**arguments)


def _ends(gw: Gateway, step: dict[str, Any], caplog: pytest.LogCaptureFixture) -> dict[str, Any]:
    """How the Python client ends the step: the error it raised, or the verdict it returned the answer under (its
    own judgement of the response, from its structured "response" event)."""
    caplog.clear()
    try:
        result = _call(gw, step)
    except ValidationError as exc:  # refused before sending
        return {"outcome": "refused", "code": exc.code, "said": str(exc)}
    except GatewayError as exc:
        return {"outcome": exc.verdict, "code": exc.code, "said": str(exc)}
    events = [r.mgw for r in caplog.records if getattr(r, "mgw", {}).get("event") == "response"]  # type: ignore[attr-defined]
    code = getattr(result, "code", None)
    return {"outcome": events[-1]["verdict"], "code": None if code is None else str(code), "said": None}


def test_the_kit_has_each_whole_client_case(kit: dict[str, Any]) -> None:
    ids = {c["id"] for c in kit["clients"]["cases"]}
    assert ids == {
        "refund-resent-under-its-id",
        "refund-above-its-payment",
        "refunds-held-against-their-payment",
        "the-gateways-excess-refund-amount",
        "rate-limits",
        "byte-order-mark-and-duplicate-keys",
        "refund-429-with-a-code-that-may-have-acted",
    }


def test_the_python_client_ends_every_step_as_the_kit_says(
    kit: dict[str, Any], scripted: ScriptedGateway, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="merchant_gateway")
    for case in kit["clients"]["cases"]:
        settings = {
            "merchant_id": case["merchant"],
            "salt_key": "kit-clients-salt",
            "salt_index": "1",
            "base_url": f"{scripted.url}/base",
            "apps_url": f"{scripted.url}/apps",
            "auth_url": f"{scripted.url}/auth",
            "timeout": 10.0,
            "retry": RetryPolicy(max_attempts=case["attempts"]),
        }
        with Gateway(**settings) as gw:
            for n, step in enumerate(case["steps"]):
                where = f"{case['id']} step {n} ({step['call']})"
                # the gateway gives every request of the step the same answer: a re-send would be seen
                scripted.answers = [] if step["answer"] is None else [step["answer"]] * case["attempts"]
                before = len(scripted.seen)
                got = _ends(gw, step, caplog)
                expect = step["expect"]
                assert len(scripted.seen) - before == (1 if expect["sent"] else 0), where
                assert (got["outcome"], got["code"]) == (expect["outcome"], expect["code"]), (where, got)
                if "leads_with" in expect:
                    assert got["said"] is not None, where
                    assert got["said"].startswith(expect["leads_with"]), (where, got["said"])
