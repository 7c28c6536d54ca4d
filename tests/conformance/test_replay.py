"""The project's own Python client replays every case of the conformance kit, byte for byte.

Each request case is built by the generated endpoint's request_parts and sent through an httpx.Client with an
httpx.MockTransport that captures the request;
method, URL, the kit's headers (and no other X-* header) and the body bytes must equal the kit's `expect`.
Mobile-SDK resources (no server call is generated) are checked through the client's payload/signing helpers, and the
callback cases through the overlay's verifiers.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType
from typing import Any

import httpx
import pytest

from tests.support.generated import send

mgc = pytest.importorskip("merchant_gateway_client", reason="merchant_gateway_client not generated yet")


def _norm(name: str) -> str:
    return name.replace("_", "").replace("-", "").lower()


def endpoint_modules() -> dict[str, ModuleType]:
    api = importlib.import_module("merchant_gateway_client.api")
    out: dict[str, ModuleType] = {}
    for info in pkgutil.walk_packages(api.__path__, "merchant_gateway_client.api."):
        mod = importlib.import_module(info.name)
        op_id = getattr(mod, "OPERATION_ID", None)
        if isinstance(op_id, str) and hasattr(mod, "request_parts"):
            out[op_id] = mod
    return out


def body_class(func: Any) -> Any:
    """The payload model of the operation whose ``request_parts`` is ``func`` (operations.py's facts)."""
    from merchant_gateway_client.operations import OPERATIONS

    cls = OPERATIONS[func.__module__.rsplit(".", 1)[-1]].payload
    assert cls is not None, f"no model class for body of {func.__module__}"
    return cls


def call_kwargs(case: dict[str, Any], func: Any) -> dict[str, Any]:
    """Map the kit inputs onto the endpoint function's keyword arguments by normalised name."""
    params = inspect.signature(func).parameters
    by_norm = {_norm(n): n for n in params}
    inputs = case["inputs"]
    kwargs: dict[str, Any] = {}
    for name, value in {**inputs["path_params"], **inputs["headers"]}.items():
        py = by_norm.get(_norm(name))
        assert py is not None, f"{case['id']}: the client function has no argument for {name!r} ({list(params)})"
        kwargs[py] = value
    for key in ("payload", "form", "json"):
        if key in inputs:
            kwargs["body"] = body_class(func).from_dict(inputs[key])
    return kwargs


def make_client(kit: dict[str, Any], captured: list[httpx.Request], case: dict[str, Any]) -> Any:
    answer = case["response"]

    def handler(request: httpx.Request) -> httpx.Response:
        request.read()
        captured.append(request)
        return httpx.Response(answer["status"], headers=answer["headers"], content=answer["body"].encode("utf-8"))

    cfg = kit["config"]
    client = mgc.Client(
        base_url=cfg["hosts"]["base"],
        apps_url=cfg["hosts"]["apps"],
        auth_url=cfg["hosts"]["auth"],
        salt_key=cfg["salt_key"],
        salt_index=cfg["salt_index"],
    )
    client.set_httpx_client(httpx.Client(transport=httpx.MockTransport(handler)))
    return client


def compare(case: dict[str, Any], request: httpx.Request, transport_headers: list[str]) -> list[str]:
    exp = case["expect"]
    problems = []
    if request.method != exp["method"]:
        problems.append(f"method {request.method} != {exp['method']}")
    if str(request.url) != exp["url"]:
        problems.append(f"url {request.url} != {exp['url']}")
    expected_headers = {k.lower(): v for k, v in exp["headers"].items()}
    for name, value in expected_headers.items():
        got = request.headers.get(name)
        if got != value:
            problems.append(f"header {name}: {got!r} != {value!r}")
    for name in request.headers:
        if name.lower() not in expected_headers and name.lower() not in transport_headers:
            problems.append(f"unexpected header {name}: {request.headers[name]!r}")
    body = request.content
    want = exp["body"].encode("utf-8") if exp["body"] is not None else b""
    if body != want:
        problems.append(f"body {body!r} != {want!r}")
    return problems


def test_every_server_operation_has_a_client_function(kit: dict[str, Any]) -> None:
    modules = endpoint_modules()
    server_ops = {c["operationId"] for c in kit["requests"] if c["called_by"] != "mobile-sdk"}
    missing = server_ops - set(modules)
    if missing and len(modules) < len(server_ops) // 2:
        pytest.skip(f"generated client is not built from the current spec yet (has {sorted(modules)})")
    assert not missing


def _request_ids(kit_cases: list[dict[str, Any]]) -> list[str]:
    return [c["id"] for c in kit_cases]


def test_replay_requests(kit: dict[str, Any]) -> None:
    modules = endpoint_modules()
    failures: dict[str, list[str]] = {}
    replayed = 0
    for case in kit["requests"]:
        if case["called_by"] == "mobile-sdk":
            continue
        mod = modules.get(case["operationId"])
        if mod is None:
            continue  # reported by test_every_server_operation_has_a_client_function
        captured: list[httpx.Request] = []
        client = make_client(kit, captured, case)
        try:
            send(client, mod, **call_kwargs(case, mod.request_parts))
        except Exception as exc:  # noqa: BLE001 - the request is what is checked; answer parsing is not
            if not captured:
                failures[case["id"]] = [f"no request sent: {type(exc).__name__}: {exc}"]
                continue
        assert len(captured) == 1, f"{case['id']}: {len(captured)} requests (redirect followed?)"
        problems = compare(case, captured[0], kit["transport_headers"])
        if problems:
            failures[case["id"]] = problems
        replayed += 1
    if replayed == 0:
        pytest.skip("no operation of the kit in the generated client yet")
    assert not failures, "\n".join(f"{k}: {p}" for k, v in failures.items() for p in v)


def test_mobile_sdk_resources_through_the_helpers(kit: dict[str, Any]) -> None:
    client_mod = importlib.import_module("merchant_gateway_client.client")
    if not hasattr(client_mod, "x_verify"):
        pytest.skip("client.py has no x_verify helper yet")
    cfg = kit["config"]
    for case in (c for c in kit["requests"] if c["called_by"] == "mobile-sdk"):
        if "payload" in case["inputs"]:
            b64 = client_mod.encode_payload(case["inputs"]["payload"])
            assert '{"request":"' + b64 + '"}' == case["expect"]["body"], case["id"]
            signed = b64 + case["signing"]["path"]
        else:
            signed = case["signing"]["path"]
            for name, value in case["inputs"]["path_params"].items():
                signed = signed.replace("{" + name + "}", value)
        assert signed == case["signing"]["signed_string"]
        assert client_mod.x_verify(signed, cfg["salt_key"], cfg["salt_index"]) == case["expect"]["headers"]["X-VERIFY"]


def test_callback_cases_through_the_overlay(kit: dict[str, Any]) -> None:
    callbacks = pytest.importorskip("merchant_gateway.callbacks", reason="overlay not written yet")
    verify = {"paymentCallback": callbacks.verify_payment_callback, "chargeCallback": callbacks.verify_collect_callback}
    salts = kit["callback_salts"]
    wrong = []
    for case in kit["callbacks"]:
        try:
            verify[case["webhook"]](
                case["inputs"]["body"].encode("utf-8"), case["inputs"]["headers"]["X-VERIFY"], salts
            )
            ok = True
        except callbacks.SignatureError:
            ok = False
        if ok != case["expect"]["valid"]:
            wrong.append(case["id"])
    for case in kit["ui_callbacks"]:
        try:
            callbacks.verify_ui_callback(case["inputs"]["form"], salts)
            ok = True
        except callbacks.SignatureError:
            ok = False
        if ok != case["expect"]["valid"]:
            wrong.append(case["id"])
    assert not wrong
