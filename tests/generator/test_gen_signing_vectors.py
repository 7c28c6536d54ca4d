"""Every shared signing vector is reproduced by the generated helpers, XVerifyAuth and a generated endpoint."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from merchant_gateway_client.client import SIGNING_EXTENSION, XVerifyAuth, encode_payload, x_verify

from tests.support.generated import send
from tests.support.generator import load_vectors

VECTORS = load_vectors()
BODY = VECTORS["body_signature"]
PATH = VECTORS["path_signature"]


def is_compact(payload_json: str) -> bool:
    """Only compact vectors say what encode_payload must produce; pretty ones just pin the hashing."""
    return json.dumps(json.loads(payload_json), separators=(",", ":"), ensure_ascii=False) == payload_json


def signed_header(extension: dict[str, Any], content: bytes, salt_key: str, salt_index: str) -> str:
    request = httpx.Request("POST", "http://h.test/x", content=content, extensions={SIGNING_EXTENSION: extension})
    flow = XVerifyAuth(salt_key, salt_index).sync_auth_flow(request)
    return next(flow).headers["X-VERIFY"]


@pytest.mark.parametrize("vector", BODY, ids=lambda v: f"{v['signing_path']}-{v['expect'][:8]}")
def test_body_vector(vector: dict[str, Any]) -> None:
    if is_compact(vector["payload_json"]):
        assert encode_payload(json.loads(vector["payload_json"])) == vector["request_b64"]
    message = vector["request_b64"] + vector["signing_path"]
    assert x_verify(message, vector["salt_key"], vector["salt_index"]) == vector["expect"]
    body = json.dumps({"request": vector["request_b64"]}).encode()
    extension = {"mode": "body", "path": vector["signing_path"], "required": True}
    assert signed_header(extension, body, vector["salt_key"], vector["salt_index"]) == vector["expect"]


@pytest.mark.parametrize("vector", PATH, ids=lambda v: v["signing_path"])
def test_path_vector(vector: dict[str, Any]) -> None:
    assert x_verify(vector["signing_path"], vector["salt_key"], vector["salt_index"]) == vector["expect"]
    extension = {"mode": "path", "path": vector["signing_path"], "required": True}
    assert signed_header(extension, b"", vector["salt_key"], vector["salt_index"]) == vector["expect"]


@pytest.mark.parametrize("vector", VECTORS.get("callback_signature", []), ids=lambda v: v["expect"][:8])
def test_callback_vector(vector: dict[str, Any]) -> None:
    # Callbacks hash the base64 `response` with no path: the same helper with an empty path part.
    assert x_verify(vector["response_b64"], vector["salt_key"], vector["salt_index"]) == vector["expect"]


def test_salt_index_int_and_str_agree() -> None:
    assert x_verify("m", "k", 1) == x_verify("m", "k", "1")


# Signing path of a vector -> operation whose generated function sends it (hand-written, from the design table).
VECTOR_OPERATIONS = {
    "/v3/debit": ("debit_v3", "DebitPayload"),
    "/v4/debit": ("debit_v4_intent", "DebitIntentPayload"),
    "/v3/credit/backToSource": ("refund_v3", "RefundV3Payload"),
    "/v4/credit/backToSource": ("refund_v4", "RefundV4Payload"),
    "/v3/charge": ("collect_request", "CollectPayload"),
    "/v3/merchant/inline/pay": ("inline_pay", "InlinePayPayload"),
}


@pytest.mark.parametrize(
    "vector", [v for v in BODY if is_compact(v["payload_json"])], ids=lambda v: f"{v['signing_path']}-{v['expect'][:8]}"
)
def test_body_vector_through_generated_endpoint(vector: dict[str, Any]) -> None:
    import importlib

    import merchant_gateway_client.models as models
    from merchant_gateway_client import Client

    module_name, model_name = VECTOR_OPERATIONS[vector["signing_path"]]
    module = importlib.import_module(f"merchant_gateway_client.api.default.{module_name}")
    seen: list[httpx.Request] = []
    client = Client("https://base.test", salt_key=vector["salt_key"], salt_index=vector["salt_index"])
    client.set_httpx_client(
        httpx.Client(transport=httpx.MockTransport(lambda r: seen.append(r) or httpx.Response(418)))
    )
    payload = getattr(models, model_name).from_dict(json.loads(vector["payload_json"]))
    extra = {"x_callback_url": "https://merchant.test/cb"} if module_name == "collect_request" else {}
    send(client, module, body=payload, **extra)
    (request,) = seen
    # The model serialises fields in schema order; the vectors list them in the interface document's order.
    assert json.loads(request.content) == {"request": vector["request_b64"]}
    assert request.headers["X-VERIFY"] == vector["expect"]
