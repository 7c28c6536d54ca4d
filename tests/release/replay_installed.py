"""Run by the INSTALLED package's Python, outside the repository (tests/release/test_publish_e2e.py): take the
conformance kit and the signing vectors from the package (merchant_gateway.artifacts) and replay them with the
package's own code, as a team checking its install would. Prints one summary line; exit 1 with the failures.

Signing vectors: every one recomputed with the client's signing function (x_verify) and, for callbacks and UI
posts, accepted by the verifiers. Kit: every request case sent through the generated client (captured by an
httpx.MockTransport, compared byte for byte), every callback and UI case verified as expected, and every rule and
schema case refused before anything is sent.
"""

from __future__ import annotations

import base64
import contextlib
import importlib
import inspect
import json
import pkgutil
import re
import sys
from typing import Any

import httpx
import merchant_gateway as mg
import merchant_gateway_client as mgc
from merchant_gateway import artifacts
from merchant_gateway.callbacks import (
    SignatureError,
    ui_checksum_string,
    verify_collect_callback,
    verify_payment_callback,
    verify_ui_callback,
)
from merchant_gateway_client.client import encode_payload, x_verify

failures: list[str] = []


def check(ok: bool, what: str) -> None:
    if not ok:
        failures.append(what)


def snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def replay_vectors(vectors: dict[str, Any]) -> int:
    n = 0
    for i, v in enumerate(vectors["body_signature"]):
        check(base64.b64encode(v["payload_json"].encode()).decode() == v["request_b64"], f"body_signature[{i}] b64")
        got = x_verify(v["request_b64"] + v["signing_path"], v["salt_key"], v["salt_index"])
        check(got == v["expect"], f"body_signature[{i}]")
        n += 1
    for i, v in enumerate(vectors["path_signature"]):
        check(x_verify(v["signing_path"], v["salt_key"], v["salt_index"]) == v["expect"], f"path_signature[{i}]")
        n += 1
    for i, v in enumerate(vectors["callback_signature"]):
        check(x_verify(v["response_b64"], v["salt_key"], v["salt_index"]) == v["expect"], f"callback_signature[{i}]")
        body = json.dumps({"response": v["response_b64"]}).encode()
        verify_payment_callback(body, v["expect"], {v["salt_index"]: v["salt_key"]})  # raises when refused
        n += 1
    for i, v in enumerate(vectors["ui_callback_checksum"]):
        got = x_verify(ui_checksum_string(v["form"]), v["salt_key"], v["salt_index"])
        check(got == v["expect"], f"ui_callback_checksum[{i}]")
        verify_ui_callback({**v["form"], "checksum": v["expect"]}, {v["salt_index"]: v["salt_key"]})
        n += 1
    return n


def endpoint_modules() -> dict[str, Any]:
    api = importlib.import_module("merchant_gateway_client.api")
    out: dict[str, Any] = {}
    for info in pkgutil.walk_packages(api.__path__, "merchant_gateway_client.api."):
        mod = importlib.import_module(info.name)
        if isinstance(getattr(mod, "OPERATION_ID", None), str) and hasattr(mod, "request_parts"):
            out[mod.OPERATION_ID] = mod
    return out


def call_kwargs(case: dict[str, Any], mod: Any) -> dict[str, Any]:
    """The kit case's inputs as ``request_parts`` arguments; a payload goes through its model (from_dict, then the
    wire dict to_dict gives), as the gateways send it."""
    from merchant_gateway_client.operations import OPERATIONS

    func = mod.request_parts
    params = inspect.signature(func).parameters
    by_norm = {n.replace("_", "").lower(): n for n in params}
    inputs = case["inputs"]
    kwargs = {by_norm[k.replace("-", "").replace("_", "").lower()]: v for k, v in inputs["path_params"].items()}
    kwargs.update({by_norm[k.replace("-", "").replace("_", "").lower()]: v for k, v in inputs["headers"].items()})
    for key in ("payload", "form", "json"):
        if key in inputs:
            cls: Any = OPERATIONS[snake(mod.OPERATION_ID)].payload
            kwargs["body"] = cls.from_dict(inputs[key]).to_dict()
    return kwargs


def replay_request(kit: dict[str, Any], case: dict[str, Any], mod: Any) -> None:
    sent: list[httpx.Request] = []
    answer = case["response"]

    def handler(request: httpx.Request) -> httpx.Response:
        request.read()
        sent.append(request)
        return httpx.Response(answer["status"], headers=answer["headers"], content=answer["body"].encode())

    cfg = kit["config"]
    client = mgc.Client(
        base_url=cfg["hosts"]["base"],
        apps_url=cfg["hosts"]["apps"],
        auth_url=cfg["hosts"]["auth"],
        salt_key=cfg["salt_key"],
        salt_index=cfg["salt_index"],
    )
    client.set_httpx_client(httpx.Client(transport=httpx.MockTransport(handler)))
    # the endpoint module is data (request_parts); sent here as httpx sends it, on the operation's host, signed
    parts = mod.request_parts(**call_kwargs(case, mod))
    parts["url"] = client.url_for(mod.HOST, parts["url"])
    if mod.SIGNING_MODE != "none":
        parts["auth"] = client.signing_auth
    with contextlib.suppress(Exception):  # any failure reading the answer: the request is what is checked here
        client.get_httpx_client().request(**parts)
    if len(sent) != 1:
        failures.append(f"{case['id']}: {len(sent)} requests")
        return
    req, exp = sent[0], case["expect"]
    check(req.method == exp["method"], f"{case['id']}: method {req.method}")
    check(str(req.url) == exp["url"], f"{case['id']}: url {req.url}")
    want = {k.lower(): v for k, v in exp["headers"].items()}
    for name, value in want.items():
        check(req.headers.get(name) == value, f"{case['id']}: header {name}")
    extra = [n for n in req.headers if n.lower() not in want and n.lower() not in kit["transport_headers"]]
    check(not extra, f"{case['id']}: unexpected headers {extra}")
    check(req.content == (exp["body"] or "").encode(), f"{case['id']}: body")


def replay_kit(kit: dict[str, Any]) -> dict[str, int]:
    modules = endpoint_modules()
    counts = {"requests": 0, "callbacks": 0, "ui_callbacks": 0, "rule_cases": 0, "schema_cases": 0}
    cfg = kit["config"]
    for case in kit["requests"]:
        if case["called_by"] == "mobile-sdk":  # no server call is generated: the payload and signing helpers
            if "payload" in case["inputs"]:
                b64 = encode_payload(case["inputs"]["payload"])
                check('{"request":"' + b64 + '"}' == case["expect"]["body"], f"{case['id']}: body")
            got = x_verify(case["signing"]["signed_string"], cfg["salt_key"], cfg["salt_index"])
            check(got == case["expect"]["headers"]["X-VERIFY"], f"{case['id']}: X-VERIFY")
        elif case["operationId"] not in modules:
            failures.append(f"{case['id']}: no client function for {case['operationId']}")
        else:
            replay_request(kit, case, modules[case["operationId"]])
        counts["requests"] += 1
    verify = {"paymentCallback": verify_payment_callback, "chargeCallback": verify_collect_callback}
    salts = kit["callback_salts"]
    for case in kit["callbacks"]:
        try:
            body = case["inputs"]["body"].encode()
            verify[case["webhook"]](body, case["inputs"]["headers"]["X-VERIFY"], salts)
            ok = True
        except SignatureError:
            ok = False
        check(ok == case["expect"]["valid"], f"{case['id']}: accepted={ok}")
        counts["callbacks"] += 1
    for case in kit["ui_callbacks"]:
        try:
            verify_ui_callback(case["inputs"]["form"], salts)
            ok = True
        except SignatureError:
            ok = False
        check(ok == case["expect"]["valid"], f"{case['id']}: accepted={ok}")
        counts["ui_callbacks"] += 1
    sent: list[httpx.Request] = []
    transport = httpx.MockTransport(lambda r: (sent.append(r), httpx.Response(500))[1])
    gw = mg.Gateway(merchant_id="MERCHANTUAT", salt_key="kit-salt", salt_index="1", transport=transport)
    for kind in ("rule_cases", "schema_cases"):
        for case in kit[kind]:
            try:
                getattr(gw, snake(case["operationId"]))(**{snake(k): v for k, v in case["inputs"]["payload"].items()})
                failures.append(f"{case['id']}: not refused")
            except mg.ValidationError as err:
                fields = case["expect"].get("fields") or [case["expect"].get("field")]
                check(err.field in fields, f"{case['id']}: refused for {err.field}, not {fields}")
            counts[kind] += 1
    check(sent == [], f"{len(sent)} requests sent for rule or schema cases")
    return counts


def main() -> int:
    vectors = artifacts.read_json("signing-vectors.json")
    kit = artifacts.read_json("kit.json")
    n_vectors = replay_vectors(vectors)
    counts = replay_kit(kit)
    where = artifacts.__file__
    summary = ", ".join(f"{v} {k}" for k, v in counts.items())
    if failures:
        print(f"FAILED ({len(failures)}): " + "; ".join(failures[:20]), file=sys.stderr)
        return 1
    print(f"replayed from {where}: {n_vectors} signing vectors, kit: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
