"""Wire-level tests of every generated operation through httpx.MockTransport.

Expectations come from the design table (docs/design.md, "Operation ids"), written out by hand here, and
signatures are recomputed with hashlib; nothing is read back from the client's own metadata.
"""

from __future__ import annotations

import base64
import enum
import hashlib
import importlib
import inspect
import json
import types
import urllib.parse
from typing import Any

import httpx
import merchant_gateway_client
import pytest
from merchant_gateway_client import Client
from merchant_gateway_client.operations import OPERATIONS

from tests.support.generated import async_send, send
from tests.support.generator import GENERATED

SALT_KEY = "test-salt-key"
SALT_INDEX = "3"
BASE = "https://base.test"
APPS = "https://apps.test/apis/apps"
AUTH = "https://auth.test/apis/identity-manager"
MID = "MERCHANT 1"  # a space and a slash: the URL is percent-encoded, the signing path is not
TID = "TX/42"
UAT = "uat-token"
MUID = "user-1"

# operationId: (method, host, URL path filled with the values above, signing mode, filled signing path,
#               payload model (base64-json), or "json"/"form" body, or None)
TABLE: dict[str, tuple[str, str, str, str, str | None, str | None]] = {
    "getAuthorizationToken": ("POST", AUTH, "/v1/oauth/token", "none", None, "form"),
    "debitV3": ("POST", BASE, "/v3/debit", "body", "/v3/debit", "DebitPayload"),
    "debitV4Web": ("POST", BASE, "/v4/debit/", "body", "/v4/debit", "DebitPayload"),
    "debitV4Intent": ("POST", BASE, "/v4/debit", "body", "/v4/debit", "DebitIntentPayload"),
    "getTransactionStatus": (
        "GET",
        BASE,
        "/v3/transaction/MERCHANT%201/TX%2F42/status",
        "path",
        "/v3/transaction/MERCHANT 1/TX/42/status",
        None,
    ),
    "getTransactionStatusAppsHost": (
        "GET",
        APPS,
        "/v3/transaction/MERCHANT%201/TX%2F42/status",
        "path",
        "/v3/transaction/MERCHANT 1/TX/42/status",
        None,
    ),
    "refundV3": ("POST", BASE, "/v3/credit/backToSource/", "body", "/v3/credit/backToSource", "RefundV3Payload"),
    "refundV4": ("POST", BASE, "/v4/credit/backToSource", "body", "/v4/credit/backToSource", "RefundV4Payload"),
    "refundAppsHost": ("POST", APPS, "/v3/credit/backToSource", "body", "/v3/credit/backToSource", "RefundV4Payload"),
    "fulfillDeferredRefund": (
        "POST",
        BASE,
        "/v3/credit/deferred/fulfill",
        "body",
        "/v3/credit/deferred/fulfill",
        "DeferredFulfillPayload",
    ),
    "collectRequest": ("POST", BASE, "/v3/charge", "body", "/v3/charge", "CollectPayload"),
    "triggerTestCallback": ("POST", BASE, "/testing/S2SCallback/", "none", None, "json"),
    "getWalletBalance": (
        "GET",
        BASE,
        "/v3/account/token/MERCHANT%201/uat-token/debit/suggest",
        "path",
        "/v3/account/token/MERCHANT 1/uat-token/debit/suggest",
        None,
    ),
    "instantDebit": ("POST", BASE, "/v3/debit/instant", "body", "/v3/debit/instant", "InstantDebitPayload"),
    "inlinePay": ("POST", BASE, "/v3/merchant/inline/pay", "body", "/v3/merchant/inline/pay", "InlinePayPayload"),
    "inlinePayWithGet": ("GET", BASE, "/v3/merchant/inline/pay", "body", "/v3/merchant/inline/pay", "InlinePayPayload"),
    "getPaymentOptions": (
        "POST",
        BASE,
        "/v3/merchant/payment/options",
        "body",
        "/v3/merchant/payment/options",
        "PaymentOptionsPayload",
    ),
    "unlinkUser": ("POST", BASE, "/v3/merchant/token/unlink", "body", "/v3/merchant/token/unlink", "UnlinkPayload"),
    "sendOtp": ("POST", BASE, "/v3/merchant/otp/send", "body", "/v3/merchant/otp/send", "OtpSendPayload"),
    "verifyOtp": ("POST", BASE, "/v3/merchant/otp/verify", "body", "/v3/merchant/otp/verify", "OtpVerifyPayload"),
    "getSsoAccessToken": (
        "POST",
        APPS,
        "/v3/service/auth/access",
        "body",
        "/v3/service/auth/access",
        "SsoAccessPayload",
    ),
    "getSsoUserDetails": ("GET", APPS, "/v3/service/userdetails", "path", "/v3/service/userdetails", None),
    "initiateSdkLessPayment": (
        "POST",
        APPS,
        "/v3/transaction/sdk-less/initiate",
        "body",
        "/v3/transaction/sdk-less/initiate",
        "SdkLessInitiatePayload",
    ),
}
MOBILE_SDK_ONLY = {"appProfile", "appAccountSummary"}
PATH_VALUES = {"merchant_id": MID, "transaction_id": TID, "user_auth_token": UAT, "merchant_user_id": MUID}

SPEC: dict[str, Any] = json.loads((GENERATED / "merchant_gateway_client" / "spec.json").read_text(encoding="utf-8"))


def snake(name: str) -> str:
    out = ""
    for i, ch in enumerate(name):
        if ch.isupper() and i and (name[i - 1].islower() or name[i - 1].isdigit()):
            out += "_"
        out += ch.lower()
    return out


def module_for(op_id: str) -> types.ModuleType:
    return importlib.import_module(f"merchant_gateway_client.api.default.{snake(op_id)}")


def deref(node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        target: Any = SPEC
        for part in node["$ref"][2:].split("/"):
            target = target[part]
        node = target
    return node


def sample(schema: Any) -> Any:
    """A small valid instance of a schema: required properties only, first choice of every union."""
    schema = deref(schema)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    if "example" in schema and not isinstance(schema["example"], dict | list):
        return schema["example"]
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return sample(schema[key][0])
    if "allOf" in schema:
        merged: dict[str, Any] = {}
        for part in schema["allOf"]:
            merged.update(sample(part))
        return merged
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = next(k for k in kind if k != "null")
    if kind == "object":
        props = schema.get("properties", {})
        return {name: sample(props[name]) for name in schema.get("required", []) if name in props}
    if kind == "array":
        return [sample(schema.get("items", {}))] * max(1, schema.get("minItems", 1))
    if kind == "integer":
        return max(100, schema.get("minimum", 0))
    if kind == "number":
        return 1.5
    if kind == "boolean":
        return True
    return "s"


def operation(op_id: str) -> dict[str, Any]:
    for item in SPEC["paths"].values():
        for op in item.values():
            if isinstance(op, dict) and op.get("operationId") == op_id:
                return op
    raise KeyError(op_id)


def header_value(annotation: Any, name: str) -> tuple[Any, str]:
    """An argument value for a header parameter and the string expected on the wire."""
    choices = annotation.__args__ if isinstance(annotation, types.UnionType) else (annotation,)
    for choice in choices:
        if isinstance(choice, type) and issubclass(choice, enum.Enum):
            member = list(choice)[-1]
            return member, str(member.value)
    value = f"value-of-{name}"
    return value, value


def make_client(**kwargs: Any) -> tuple[Client, list[httpx.Request]]:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(418)  # undocumented everywhere: parsed is None, only the request matters

    client = Client(BASE, APPS, AUTH, salt_key=SALT_KEY, salt_index=SALT_INDEX, **kwargs)
    client.set_httpx_client(httpx.Client(transport=httpx.MockTransport(handler)))
    return client, seen


def expected_x_verify(message: str) -> str:
    return hashlib.sha256((message + SALT_KEY).encode()).hexdigest() + "###" + SALT_INDEX


def call_args(op_id: str) -> tuple[dict[str, Any], dict[str, str], Any]:
    """Arguments for request_parts, the headers they must produce, and the payload dict (or None)."""
    module = module_for(op_id)
    _, _, _, _, _, body_kind = TABLE[op_id]
    params = inspect.signature(module.request_parts).parameters
    args: dict[str, Any] = {}
    headers: dict[str, str] = {}
    payload = None
    spec_headers = {}
    for param in operation(op_id).get("parameters", []):
        p = deref(param)
        if p["in"] == "header":
            spec_headers[p["name"].lower().replace("-", "_")] = p["name"]
    for name, param in params.items():
        if name == "client":
            continue
        if name == "body":
            content = deref(operation(op_id)["requestBody"])["content"]
            payload = sample(next(iter(content.values()))["schema"])
            if body_kind not in ("json", "form"):  # base64-json: the payload model is the argument
                wrapper = deref(deref(operation(op_id)["requestBody"])["content"]["application/json"]["schema"])
                payload = sample(wrapper["properties"]["request"]["contentSchema"])
            model_name = OPERATIONS[snake(op_id)].payload_name
            assert model_name is not None
            if body_kind not in ("json", "form"):
                assert model_name == body_kind
            args["body"] = getattr(merchant_gateway_client.models, model_name).from_dict(payload)
        elif name in PATH_VALUES:
            args[name] = PATH_VALUES[name]
        elif name in spec_headers:
            args[name], headers[spec_headers[name]] = header_value(param.annotation, name)
        elif param.default is inspect.Parameter.empty:
            # A path parameter with a fixed value (statusSegment) has a default; anything else is new.
            raise AssertionError(f"{op_id}: no test value for required parameter {name}")
    return args, headers, payload


def test_table_covers_exactly_the_generated_operations() -> None:
    in_spec = {op["operationId"] for item in SPEC["paths"].values() for op in item.values() if isinstance(op, dict)}
    assert in_spec - MOBILE_SDK_ONLY == set(TABLE), "design table and spec disagree"
    folder = GENERATED / "merchant_gateway_client" / "api" / "default"
    generated = {p.stem for p in folder.glob("*.py")} - {"__init__"}
    assert generated == {snake(op) for op in TABLE}


@pytest.mark.parametrize("op_id", sorted(TABLE))
def test_request_on_the_wire(op_id: str) -> None:
    method, host, url_path, mode, signing_path, body_kind = TABLE[op_id]
    client, seen = make_client()
    args, headers, payload = call_args(op_id)
    send(client, module_for(op_id), **args)
    (request,) = seen

    assert request.method == method
    expected_url = httpx.URL(host + url_path)
    assert (request.url.scheme, request.url.host, request.url.raw_path) == (
        expected_url.scheme,
        expected_url.host,
        expected_url.raw_path,
    )
    for name, value in headers.items():
        assert request.headers.get(name) == value, name

    if body_kind is None:
        assert request.content == b""
    elif body_kind == "form":
        assert request.headers["Content-Type"] == "application/x-www-form-urlencoded"
        assert dict(urllib.parse.parse_qsl(request.content.decode())) == {k: str(v) for k, v in payload.items()}
    elif body_kind == "json":
        assert request.headers["Content-Type"] == "application/json"
        assert json.loads(request.content) == payload
    else:
        assert request.headers["Content-Type"] == "application/json"
        wire = json.loads(request.content)
        assert list(wire) == ["request"]
        raw = base64.b64decode(wire["request"], validate=True)
        assert json.loads(raw) == payload
        assert raw == json.dumps(json.loads(raw), separators=(",", ":"), ensure_ascii=False).encode()

    if mode == "none":
        assert "X-VERIFY" not in request.headers
    elif mode == "body":
        assert signing_path is not None
        message = json.loads(request.content)["request"] + signing_path
        assert request.headers["X-VERIFY"] == expected_x_verify(message)
    else:
        assert signing_path is not None
        assert request.headers["X-VERIFY"] == expected_x_verify(signing_path)


@pytest.mark.parametrize("op_id", ["getTransactionStatus", "debitV4Web"])
def test_base_url_prefix_is_not_signed(op_id: str) -> None:
    seen: list[httpx.Request] = []
    prefix = "http://127.0.0.1:8080/apis/pg-sandbox"
    client = Client(prefix, salt_key=SALT_KEY, salt_index=SALT_INDEX)
    client.set_httpx_client(
        httpx.Client(transport=httpx.MockTransport(lambda r: seen.append(r) or httpx.Response(418)))
    )
    args, _, _ = call_args(op_id)
    send(client, module_for(op_id), **args)
    (request,) = seen
    _, _, url_path, mode, signing_path, _ = TABLE[op_id]
    assert str(request.url) == prefix + url_path
    assert signing_path is not None
    message = signing_path if mode == "path" else json.loads(request.content)["request"] + signing_path
    assert request.headers["X-VERIFY"] == expected_x_verify(message)


def test_redirecting_debit_pins_never_following() -> None:
    """debitV3's answer is a redirect whose Location is the payments page: its request parts pin follow_redirects
    off, so even an httpx client built to follow redirects sends it once and hands the redirect back."""
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(302, headers={"Location": "/pay/page?token=abc"})

    client = Client(BASE, salt_key=SALT_KEY, follow_redirects=True)
    client.set_httpx_client(httpx.Client(transport=httpx.MockTransport(handler), follow_redirects=True))
    args, _, _ = call_args("debitV3")
    from merchant_gateway_client.api.default import debit_v3

    response = send(client, debit_v3, **args)
    assert response.headers["Location"] == "/pay/page?token=abc"
    assert len(seen) == 1


async def test_async_path_signs_too() -> None:
    seen: list[httpx.Request] = []

    async def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(418)

    client = Client(BASE, salt_key=SALT_KEY, salt_index=SALT_INDEX)
    client.set_async_httpx_client(httpx.AsyncClient(transport=httpx.MockTransport(handler)))
    from merchant_gateway_client.api.default import get_transaction_status

    await async_send(client, get_transaction_status, merchant_id=MID, transaction_id=TID)
    assert seen[0].headers["X-VERIFY"] == expected_x_verify(TABLE["getTransactionStatus"][4] or "")


def test_signed_call_without_salt_fails_before_sending() -> None:
    client, seen = make_client()
    client = Client(BASE)
    client.set_httpx_client(httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(418))))
    from merchant_gateway_client.api.default import get_transaction_status

    with pytest.raises(merchant_gateway_client.SigningError):
        send(client, get_transaction_status, merchant_id=MID, transaction_id=TID)


def test_host_not_configured_is_a_clear_error() -> None:
    client = Client(BASE, salt_key=SALT_KEY)
    from merchant_gateway_client.api.default import get_sso_user_details

    with pytest.raises(ValueError, match="apps_url"):
        send(client, get_sso_user_details, **call_args("getSsoUserDetails")[0])


def test_client_defaults_and_repr() -> None:
    client = Client(BASE, APPS, AUTH, salt_key="very-secret-salt", headers={"Authorization": "O-Bearer tok"})
    assert client.get_httpx_client().timeout == httpx.Timeout(30.0, connect=5.0)
    assert "very-secret-salt" not in repr(client)
    assert "tok" not in repr(client)
    assert "very-secret-salt" not in repr(client.signing_auth)
    form = merchant_gateway_client.models.TokenForm.from_dict(
        {"client_id": "c", "client_version": "1", "client_secret": "shh-secret", "grant_type": "client_credentials"}
    )
    assert "shh-secret" not in repr(form)


def test_operation_metadata_constants() -> None:
    for op_id, (_, host, _, mode, _, _) in TABLE.items():
        module = module_for(op_id)
        assert op_id == module.OPERATION_ID
        assert {BASE: "base", APPS: "apps", AUTH: "auth"}[host] == module.HOST
        assert mode == module.SIGNING_MODE
        assert module.RETRY in ("safe", "reconcile-first", "never")
    assert module_for("debitV3").RETRY == "reconcile-first"
    assert module_for("getTransactionStatus").RETRY == "safe"
    # not idempotent and nothing settles them (issue 14): never re-sent automatically after a maybe-sent failure
    for op_id in ("sendOtp", "verifyOtp", "unlinkUser", "getSsoAccessToken"):
        assert module_for(op_id).RETRY == "never", op_id
    assert module_for("getTransactionStatusAppsHost").SIGNING_PATH == (
        "/v3/transaction/{merchantId}/{transactionId}/status"
    )
    assert module_for("getPaymentOptions").SIGNING_REQUIRED is False


def test_package_version_is_the_spec_version() -> None:
    assert merchant_gateway_client.__version__ == SPEC["info"]["version"]
