"""The sandbox's own X-VERIFY code against the shared vectors, and over HTTP."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from merchant_gateway_sandbox import signing

ROOT = Path(__file__).resolve().parents[3]
# the repository's copy of the shared vectors (tests/spec checks it equals the shared original)
VECTORS = json.loads((ROOT / "spec" / "vectors" / "signing.json").read_text())


@pytest.mark.parametrize("v", VECTORS["body_signature"])
def test_body(v: dict[str, str]) -> None:
    assert signing.body_signature(v["request_b64"], v["signing_path"], v["salt_key"], v["salt_index"]) == v["expect"]
    salts = {v["salt_index"]: v["salt_key"]}
    assert signing.check(v["expect"], v["request_b64"] + v["signing_path"], salts) == v["salt_index"]


@pytest.mark.parametrize("v", VECTORS["path_signature"])
def test_path(v: dict[str, str]) -> None:
    assert signing.path_signature(v["signing_path"], v["salt_key"], v["salt_index"]) == v["expect"]


@pytest.mark.parametrize("v", VECTORS["callback_signature"])
def test_callback(v: dict[str, str]) -> None:
    assert signing.callback_signature(v["response_b64"], v["salt_key"], v["salt_index"]) == v["expect"]


@pytest.mark.parametrize("v", VECTORS["ui_callback_checksum"])
def test_ui_checksum(v: dict[str, object]) -> None:
    assert signing.ui_checksum(v["form"], v["salt_key"], v["salt_index"]) == v["expect"]  # type: ignore[arg-type]


def test_check_rejects() -> None:
    salts = {"1": "k"}
    good = signing.x_verify("m", "k", "1")
    for bad in (None, "", "abc", good[:-1] + "9", "0" * 64 + "###1", good.upper()):
        with pytest.raises(signing.SignatureError):
            signing.check(bad, "m", salts)


def test_fill_path_uses_raw_values() -> None:
    template = "/v3/account/token/{merchantId}/{userAuthToken}/debit/suggest"
    assert signing.fill_path(template, {"merchantId": "M", "userAuthToken": "a b/c"}) == (
        "/v3/account/token/M/a b/c/debit/suggest"
    )


def test_vector_payloads_are_accepted_over_http(gw, running) -> None:  # type: ignore[no-untyped-def]
    """Body vectors whose salt is configured are accepted with their exact X-VERIFY (no AUTHORIZATION_FAILED)."""
    seen = 0
    for v in VECTORS["body_signature"]:
        if running.config.salts.get(v["salt_index"]) != v["salt_key"]:
            continue
        path = {"/v4/debit": "/v4/debit/", "/v3/credit/backToSource": "/v3/credit/backToSource/"}.get(
            v["signing_path"], v["signing_path"]
        )
        if json.loads(v["payload_json"]).get("paymentScope"):
            path = "/v4/debit"
        resp = gw.http.post(gw.base_url + path, json={"request": v["request_b64"]}, headers={"X-VERIFY": v["expect"]})
        assert resp.status_code != 400 or resp.json()["code"] != "AUTHORIZATION_FAILED", (v["signing_path"], resp.text)
        seen += 1
    assert seen >= 3
