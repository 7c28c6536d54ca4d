"""Schemathesis against the running sandbox: no server errors and every answer conforms to spec/openapi.yaml.

Positive data generated from the spec cannot carry a valid X-VERIFY on its own, and schemathesis ignores
`contentSchema`, so a hook signs every generated request the way a merchant would (body mode: the `request`
string + x-signing-path; path mode: the filled signing path). Most generated base64 payloads are then answered
BAD_REQUEST by the payload validation — a documented 400 envelope, never a 500.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from merchant_gateway_sandbox import RunningSandbox, start_sandbox
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.support.sandbox import MERCHANT, SALTS, sign

SPEC = Path(__file__).resolve().parents[3] / "spec" / "openapi.yaml"
schema = schemathesis.openapi.from_path(str(SPEC))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    negative_data_rejection,
]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def sandbox() -> Iterator[RunningSandbox]:
    with start_sandbox(merchant_id=MERCHANT, salts=SALTS, settle_after=1.0) as sb:
        yield sb


def _sign(case: Any) -> None:
    raw = case.operation.definition.raw
    mode = raw.get("x-signing-mode", "none")
    headers = dict(case.headers or {})
    if mode == "body" and isinstance(case.body, dict) and isinstance(case.body.get("request"), str):
        headers["X-VERIFY"] = sign(case.body["request"] + raw["x-signing-path"])
    elif mode == "path" and case.path_parameters is not None:
        path = raw["x-signing-path"]
        for name, value in case.path_parameters.items():
            path = path.replace("{" + name + "}", str(value))
        headers["X-VERIFY"] = sign(path)
    case.headers = headers


def _valid_payload_sometimes(case: Any) -> None:
    """Replace a generated wrapper with a well-formed base64 JSON payload for the merchant, once in a while."""
    if isinstance(case.body, dict) and isinstance(case.body.get("request"), str) and len(case.body["request"]) % 3 == 0:
        payload = {
            "merchantId": MERCHANT,
            "transactionId": "ST" + hashlib.sha256(case.body["request"].encode()).hexdigest()[:20],
            "amount": 100,
        }
        case.body = {"request": base64.b64encode(json.dumps(payload).encode()).decode()}


@schema.parametrize()
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
def test_sandbox_conforms(case: Any, sandbox: RunningSandbox) -> None:
    host = case.operation.definition.raw.get("x-host", "base")
    base_url = {"base": sandbox.base_url, "apps": sandbox.apps_url, "auth": sandbox.auth_url}[host]
    _valid_payload_sometimes(case)
    _sign(case)
    case.call_and_validate(base_url=base_url, checks=CHECKS)
