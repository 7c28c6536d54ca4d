"""A spec change reaches the public API with `make generate` alone (issue 15).

A copy of the spec gets a change set: a new body-signed operation on the base host, a new optional payload field, a
new value of an answer enum and a new optional request header. It is generated into a temporary folder; then, in a
subprocess that imports that folder with the unchanged overlay: the new operation is a typed, documented method of
Gateway and AsyncGateway and sends a correctly wrapped request whose X-VERIFY is computed here from the interface
document's formula; the new field and header reach the wire; mypy --strict accepts a correct call and rejects a
misspelled field; and nothing under overlays/ changed.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tests.support.generator import REPO

SALT, INDEX = "spec-change-salt", "1"

NEW_OPERATION = {
    "post": {
        "operationId": "addMerchantNote",
        "summary": "Attach a note to a payment",
        "description": "A made-up operation of the spec-change test: a body-signed call on the base host.",
        "x-host": "base",
        "x-signing-mode": "body",
        "x-signing-path": "/v3/merchant/note",
        "x-body-wrapping": "base64-json",
        "x-retry": "never",
        "x-codes": [
            {"code": "SUCCESS", "outcome": "succeeded", "meaning": "The note was kept."},
            {"code": "BAD_REQUEST", "outcome": "rejected", "meaning": "Invalid payload."},
        ],
        "security": [{"xVerify": []}],
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/MerchantNoteRequest"}}},
        },
        "responses": {
            "200": {
                "description": "Envelope.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/UnlinkResponse"}}},
            },
            "400": {"$ref": "#/components/responses/BadRequest"},
        },
    }
}
SCHEMAS = {
    "MerchantNoteRequest": {
        "type": "object",
        "required": ["request"],
        "properties": {
            "request": {
                "type": "string",
                "contentEncoding": "base64",
                "contentMediaType": "application/json",
                "contentSchema": {"$ref": "#/components/schemas/MerchantNotePayload"},
            }
        },
    },
    "MerchantNotePayload": {
        "type": "object",
        "required": ["merchantId", "transactionId", "note"],
        "properties": {
            "merchantId": {"$ref": "#/components/schemas/MerchantId"},
            "transactionId": {"$ref": "#/components/schemas/TransactionId"},
            "note": {"type": "string", "maxLength": 100, "description": "The note the merchant keeps."},
        },
    },
}

PROBE = textwrap.dedent(
    """
    import asyncio, inspect, json
    import httpx
    import merchant_gateway as mg
    from merchant_gateway_client.models import PaymentState

    seen = []

    def answer(request):
        seen.append({"path": request.url.path, "headers": dict(request.headers), "body": request.content.decode()})
        data = {"merchantId": "M1", "userAuthToken": "t"}
        return httpx.Response(200, json={"success": True, "code": "SUCCESS", "message": "ok", "data": data})

    settings = {"merchant_id": "M1", "salt_key": %(salt)r, "salt_index": %(index)r}
    gw = mg.Gateway(**settings, transport=httpx.MockTransport(answer))
    gw.add_merchant_note(transaction_id="TX-NOTE-1", note="gift wrap")
    try:
        gw.debit_v4_web(transaction_id="TX-DEBIT-1", amount=100, loyalty_id="L-9", merchant_trace_id="trace-7")
    except mg.GatewayError:
        pass  # the canned answer is not a debit answer; only the request matters here

    async def run_async():
        agw = mg.AsyncGateway(**settings, transport=httpx.MockTransport(answer))
        await agw.add_merchant_note(transaction_id="TX-NOTE-2", note="async")

    asyncio.run(run_async())
    signature = inspect.signature(mg.Gateway.add_merchant_note)
    print(json.dumps({
        "requests": seen,
        "sync_doc": mg.Gateway.add_merchant_note.__doc__,
        "async_is_coroutine": inspect.iscoroutinefunction(mg.AsyncGateway.add_merchant_note),
        "debit_doc": mg.Gateway.debit_v4_web.__doc__,
        "enum": [m.value for m in PaymentState],
    }))
    """
)

GOOD = textwrap.dedent(
    """
    import merchant_gateway as mg

    def use(gw: mg.Gateway) -> None:
        gw.add_merchant_note(transaction_id="T1", note="ok")
        gw.debit_v4_web(transaction_id="T2", amount=100, loyalty_id="L", merchant_trace_id="x")

    async def use_async(gw: mg.AsyncGateway) -> None:
        await gw.add_merchant_note(transaction_id="T1", note="ok")
    """
)
BAD = textwrap.dedent(
    """
    import merchant_gateway as mg

    def use(gw: mg.Gateway) -> None:
        gw.add_merchant_note(transaction_id="T1", nte="misspelled")
        gw.debit_v4_web(transaction_id="T2", amout=100)
    """
)


def _tree_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _changed_spec(target: Path) -> None:
    yaml = YAML(typ="safe", pure=True)
    spec = yaml.load((REPO / "spec" / "openapi.yaml").read_text(encoding="utf-8"))
    spec["paths"]["/v3/merchant/note"] = NEW_OPERATION
    spec["components"]["schemas"].update(SCHEMAS)
    spec["components"]["schemas"]["DebitPayload"]["properties"]["loyaltyId"] = {
        "type": "string",
        "description": "The merchant's loyalty programme id.",
    }
    spec["components"]["schemas"]["PaymentState"]["enum"].append("REVERSED")
    spec["paths"]["/v4/debit/"]["post"]["parameters"].append(
        {
            "name": "X-MERCHANT-TRACE-ID",
            "in": "header",
            "required": False,
            "description": "A trace id the merchant's logs use.",
            "schema": {"type": "string"},
        }
    )
    with target.open("w", encoding="utf-8") as out:
        YAML(typ="safe", pure=True).dump(spec, out)


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The generated package of the changed spec, in a folder of its own; overlays/ untouched."""
    work = tmp_path_factory.mktemp("spec-change")
    before = _tree_digest(REPO / "overlays")
    _changed_spec(work / "openapi.yaml")
    out = work / "pkg" / "merchant_gateway_client"
    subprocess.run(
        [sys.executable, "-m", "generator", "--spec", str(work / "openapi.yaml"), "--out", str(out)],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    )
    assert _tree_digest(REPO / "overlays") == before, "generating must not touch overlays/"
    return work


def _env(work: Path) -> dict[str, str]:
    # the changed package first, then the unchanged overlay; nothing from the installed project
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(work / "pkg"), str(REPO / "overlays")])}


def test_the_new_operation_is_a_typed_documented_method_that_signs_correctly(changed: Path) -> None:
    probe = changed / "probe.py"
    probe.write_text(PROBE % {"salt": SALT, "index": INDEX}, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(probe)],
        env=_env(changed),
        cwd=changed,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    facts = json.loads(run.stdout)
    note, debit, async_note = facts["requests"]

    # the new operation: its own path on the base host, {"request": base64(payload)}, X-VERIFY by the formula
    assert note["path"].endswith("/v3/merchant/note")
    wrapped = json.loads(note["body"])["request"]
    payload = json.loads(base64.b64decode(wrapped))
    assert payload == {"merchantId": "M1", "transactionId": "TX-NOTE-1", "note": "gift wrap"}
    expected = hashlib.sha256((wrapped + "/v3/merchant/note" + SALT).encode()).hexdigest() + "###" + INDEX
    assert note["headers"]["x-verify"] == expected
    assert json.loads(base64.b64decode(json.loads(async_note["body"])["request"]))["note"] == "async"
    assert facts["async_is_coroutine"]
    assert facts["sync_doc"].startswith("Attach a note to a payment")
    assert "note (note): The note the merchant keeps. (at most 100 characters)" in facts["sync_doc"]
    assert "OutcomeUnknown" in facts["sync_doc"]  # x-retry never

    # the new optional payload field and header reach the wire; the new enum value is known
    debit_payload = json.loads(base64.b64decode(json.loads(debit["body"])["request"]))
    assert debit_payload["loyaltyId"] == "L-9"
    assert debit["headers"]["x-merchant-trace-id"] == "trace-7"
    assert "merchant_trace_id" in facts["debit_doc"]
    assert "loyalty_id" in facts["debit_doc"]
    assert "REVERSED" in facts["enum"]


def test_mypy_accepts_a_correct_call_and_rejects_a_misspelled_field(changed: Path) -> None:
    (changed / "good.py").write_text(GOOD, encoding="utf-8")
    (changed / "bad.py").write_text(BAD, encoding="utf-8")
    env = {**_env(changed), "MYPYPATH": os.pathsep.join([str(changed / "pkg"), str(REPO / "overlays")])}
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "good.py", "bad.py"],
        env=env,
        cwd=changed,
        capture_output=True,
        text=True,
    )
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert not [e for e in errors if e.startswith("good.py")], run.stdout
    bad = [e for e in errors if e.startswith("bad.py")]
    assert any('"nte"' in e for e in bad), run.stdout
    assert any('"amout"' in e for e in bad), run.stdout
