"""The Python client refuses the same path and header values as the TypeScript package, before sending, and sends
the same good ones as given: both read clients/typescript/test/parameter-cases.json (its expectations are written
by hand from spec/openapi.yaml). The field is named the Python way (transactionId; a header by its keyword,
redirect_url), the TypeScript package names it by its input member (path.transactionId, headers.X-REDIRECT-URL)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import merchant_gateway as mg
import pytest
from merchant_gateway_client.operations import OPERATIONS, Operation

from tests.support.overlay import CALLS, FakeTime, Recorder, make

CASES: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[3] / "clients/typescript/test/parameter-cases.json").read_text(encoding="utf-8")
)
BY_ID = {op.operation_id: op for op in OPERATIONS.values()}


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).replace("-", "_").lower()


def _call(case: dict[str, Any]) -> tuple[Operation, str, tuple[Any, ...], dict[str, Any]]:
    """(operation, the field the client names, positional and keyword arguments) of a case."""
    op = BY_ID[case["operationId"]]
    if case["in"] == "path":
        return op, case["name"], (), {_snake(case["name"]): case["value"]}
    option = next(k for k, target in op.headers.items() if target == _snake(case["name"]))
    args, kwargs = CALLS[op.name]
    return op, option, args, {**kwargs, option: case["value"]}


@pytest.mark.parametrize("case", CASES["refused"], ids=[c["id"] for c in CASES["refused"]])
def test_refused_before_sending(case: dict[str, Any], fake_time: FakeTime) -> None:
    rec = Recorder()
    op, field, args, kwargs = _call(case)
    with pytest.raises(mg.ValidationError) as caught:
        getattr(make(rec, fake_time), op.name)(*args, **kwargs)
    assert caught.value.field == field
    if case["problem"] is not None:
        assert case["problem"] in str(caught.value)
    if case["value"] and case["name"] == "userAuthToken":  # a secret: never shown
        assert case["value"] not in str(caught.value)
    assert rec.requests == []


@pytest.mark.parametrize("case", CASES["accepted"], ids=[c["id"] for c in CASES["accepted"]])
def test_accepted_and_sent_as_given(case: dict[str, Any], fake_time: FakeTime) -> None:
    rec = Recorder()
    op, _, args, kwargs = _call(case)
    getattr(make(rec, fake_time), op.name)(*args, **kwargs)
    assert len(rec.requests) == 1
    request = rec.requests[0]
    if case["in"] == "path":
        assert f"/{case['value']}/" in request.url.raw_path.decode("ascii")  # unencoded
    else:
        assert request.headers[case["name"]] == case["value"]
