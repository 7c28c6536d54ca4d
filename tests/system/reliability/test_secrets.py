"""Secrets never leak: repr and str of every exception, DEBUG logs and CLI output (``mgw demo --json``, ``mgw
demo``, ``mgw sign``, ``mgw token`` as subprocesses) over full flows never contain a salt key, client secret,
token, OTP or base64 payload. Every secret value used in the run is collected automatically
(tests/support/secret_probe.py records them on the wire) and all captured text is searched for each exact value."""

from __future__ import annotations

import base64
import json
import logging
import os
import subprocess
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import merchant_gateway as mg
import pytest

from tests.support.reliability import CLIENT_SECRET, MOBILE, OTP, SALT, STATS, Env, tid
from tests.support.secret_probe import Recorder, leaks

HERE = Path(__file__).resolve().parent
PROBE = HERE.parents[1] / "support" / "secret_probe.py"
# A wrong OTP is a secret of the run too.
WRONG_OTP = "583917" if OTP != "583917" else "271946"


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    rec = Recorder().install()
    yield rec
    rec.uninstall()


def _texts_of(errors: list[BaseException]) -> list[str]:
    texts = []
    for exc in errors:
        texts += [str(exc), repr(exc), "".join(traceback.format_exception(exc))]
        texts += [str(a) for a in getattr(exc, "args", ())]
    return texts


def _full_flow(sbx: Env, errors: list[BaseException]) -> list[str]:
    """Every kind of call, and the error paths, against the sandbox. Returns repr texts of public objects."""

    def expect(exc_type: type[BaseException], fn: Any, *args: Any, **kwargs: Any) -> None:
        try:
            fn(*args, **kwargs)
        except exc_type as exc:
            errors.append(exc)
        else:
            raise AssertionError(f"{fn} did not raise {exc_type}")

    reprs: list[str] = []
    with mg.Gateway(**sbx.settings(), sleep=lambda s: None) as gw:
        reprs += [repr(gw), repr(gw.config), str(gw.config), repr(gw.callbacks)]
        token = gw.authorization_token()
        reprs += [repr(token), str(token)]
        otp_token = gw.send_otp(mobile_number=MOBILE).data.otp_token
        expect(mg.OtpError, gw.verify_otp, otp_token=otp_token, otp=WRONG_OTP)
        otp_token = gw.send_otp(mobile_number=MOBILE).data.otp_token
        uat = gw.verify_otp(otp_token=otp_token, otp=OTP).data.user_auth_token
        gw.get_wallet_balance(uat)
        gw.get_payment_options(amount=100, user_auth_token=uat)
        pay = tid("SEC")
        gw.debit_v4_web(transaction_id=pay, amount=10_000, merchant_user_id="U1", merchant_order_id="O1")
        gw.get_transaction_status(pay)
        gw.refund_v4(
            transaction_id=tid("SR"), original_transaction_id=pay, amount=400, merchant_order_id="O1", message="refund"
        )
        expect(
            mg.ValidationError,
            gw.refund_v4,
            transaction_id=tid("SR"),
            original_transaction_id=pay,
            amount=10**6,
            merchant_order_id="O1",
            message="m",
            original_amount=10_000,
        )
        gw.instant_debit(
            transaction_id=tid("SI"), amount=100, mobile_number=MOBILE, merchant_order_id="O1", user_auth_token=uat
        )
        gw.inline_pay(
            transaction_id=tid("SP"),
            amount=100,
            user_auth_token=uat,
            payment_sources=[{"mode": "upi", "type": "INTENT"}],
            mobile_number=MOBILE,  # required on the POST variant (spec x-field-rules)
        )
        # secrets offered as bad input: the error names the field, never echoes the value
        expect(mg.ValidationError, gw.get_wallet_balance, uat + "/" + SALT)
        expect(mg.ValidationError, gw.get_transaction_status, uat + "#")
        expect(mg.ValidationError, gw.debit_v4_web, transaction_id=CLIENT_SECRET + "x" * 40, amount=1)
        # an unknown outcome and a gateway refusal
        sbx.faults("POST", kind="drop_after", operationId="instantDebit", times=1)
        expect(
            mg.OutcomeUnknown,
            gw.instant_debit,
            transaction_id=tid("SU"),
            amount=100,
            mobile_number=MOBILE,
            merchant_order_id="O1",
            user_auth_token=uat,
        )
        # SSO with a grant token from the sandbox's SDK stand-in
        grant = sbx.http.post(sbx.running.origin + "/_sandbox/sso/grant-token", json={"merchantUserId": "U1"}).json()
        grant_token = grant.get("grantToken") or grant.get("data", {}).get("grantToken")
        if grant_token:
            access = gw.get_sso_access_token(grant_token=grant_token).data.access_token
            gw.get_sso_user_details(access_token=access)
            expect(mg.AuthorizationError, gw.get_sso_access_token, grant_token=grant_token + "x")
        gw.unlink_user(user_auth_token=uat)
        expect(mg.UserLinkError, gw.get_wallet_balance, uat)
        # callbacks: one genuine, one tampered (the tampered one carries the genuine base64 payload)
        payload = {
            "success": True,
            "code": "PAYMENT_SUCCESS",
            "message": "ok",
            "data": {"transactionId": pay, "merchantId": gw.config.merchant_id, "amount": 10_000},
        }
        response = base64.b64encode(json.dumps(payload).encode()).decode()
        from merchant_gateway_client.client import x_verify

        header = x_verify(response, SALT, "1")
        reprs.append(repr(gw.verify_payment_callback(json.dumps({"response": response}).encode(), header)))
        expect(
            mg.SignatureError,
            gw.verify_payment_callback,
            json.dumps({"response": response[:-4] + "AAA="}).encode(),
            header,
        )
        expect(
            mg.CallbackMismatchError,
            gw.verify_payment_callback,
            json.dumps({"response": response}).encode(),
            header,
            expected_amount=1,
        )
    return reprs


def _scan(recorder: Recorder, texts: list[str]) -> None:
    secrets = recorder.values | {SALT, CLIENT_SECRET, OTP}
    STATS["secret_values_collected"] += len(secrets)
    STATS["texts_scanned"] += len(texts)
    assert len(secrets) > 10, "the probe collected too few secrets to mean anything"
    found = leaks(texts, secrets)
    assert found == [], found


def test_exceptions_reprs_and_gateway_logs(sbx: Env, recorder: Recorder, caplog: pytest.LogCaptureFixture) -> None:
    errors: list[BaseException] = []
    with caplog.at_level(logging.DEBUG, logger="merchant_gateway"):
        reprs = _full_flow(sbx, errors)
    assert len(errors) >= 9
    mg_logs = [
        r.getMessage() + " " + repr(getattr(r, "mgw", ""))
        for r in caplog.records
        if r.name.startswith("merchant_gateway")
    ]
    assert mg_logs, "DEBUG logging of the client produced nothing"
    _scan(recorder, _texts_of(errors) + reprs + mg_logs)


async def test_async_exceptions_and_logs(sbx: Env, recorder: Recorder, caplog: pytest.LogCaptureFixture) -> None:
    errors: list[BaseException] = []
    with caplog.at_level(logging.DEBUG, logger="merchant_gateway"):
        async with mg.AsyncGateway(**sbx.settings(), sleep=_no_sleep) as gw:
            token = await gw.authorization_token()
            otp_token = (await gw.send_otp(mobile_number=MOBILE)).data.otp_token
            uat = (await gw.verify_otp(otp_token=otp_token, otp=OTP)).data.user_auth_token
            await gw.get_wallet_balance(uat)
            sbx.faults("POST", kind="truncated_json", operationId="instantDebit", times=1)
            try:
                await gw.instant_debit(
                    transaction_id=tid("SA"),
                    amount=100,
                    mobile_number=MOBILE,
                    merchant_order_id="O1",
                    user_auth_token=uat,
                )
            except mg.OutcomeUnknown as exc:
                errors.append(exc)
            async with httpx.AsyncClient(
                auth=gw.token_auth(resend=lambda request: True),  # the refresh after the rejection runs too
                transport=httpx.MockTransport(lambda r: httpx.Response(401, json={"code": "AUTHORIZATION_FAILED"})),
            ) as http:
                await http.get("http://127.0.0.1:9/checkout")
    assert errors
    _scan(recorder, _texts_of(errors) + [repr(token), repr(gw)] + [r.getMessage() for r in caplog.records])


async def _no_sleep(seconds: float) -> None:
    return None


def test_all_loggers_at_debug(sbx: Env, recorder: Recorder, caplog: pytest.LogCaptureFixture) -> None:
    """httpx/httpcore/uvicorn loggers too: the wallet-balance URL carries the userAuthToken in its path, so the
    client's redacting filter on the "httpx" logger must hide it."""
    errors: list[BaseException] = []
    with caplog.at_level(logging.DEBUG):
        _full_flow(sbx, errors)
    _scan(recorder, [r.getMessage() for r in caplog.records])


# --- CLI as a subprocess ---------------------------------------------------------------------------------------------


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MGW_")}
    env.update(extra)
    return env


def _probe(tmp_path: Path, name: str, args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    out = tmp_path / f"{name}.secrets.json"
    return subprocess.Popen(
        [sys.executable, str(PROBE), str(out), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=str(tmp_path),
    )


def _finish(tmp_path: Path, name: str, proc: subprocess.Popen[str]) -> tuple[int, str, set[str]]:
    stdout, stderr = proc.communicate(timeout=150)
    secrets = set(json.loads((tmp_path / f"{name}.secrets.json").read_text()))
    if name.endswith("json") and proc.returncode == 0:
        json.loads(stdout)  # --json prints one JSON document
    return proc.returncode, stdout + stderr, secrets


def test_cli_demo_text_and_json(tmp_path: Path) -> None:
    """Both demo runs in parallel (each starts its own embedded sandbox with random salt and client secret)."""
    procs = {
        "demo_json": _probe(tmp_path, "demo_json", ["demo", "--json"], _clean_env()),
        "demo_text": _probe(tmp_path, "demo_text", ["demo"], _clean_env()),
    }
    for name, proc in procs.items():
        code, output, secrets = _finish(tmp_path, name, proc)
        assert code == 0, output[-2000:]
        assert len(secrets) > 10, (name, len(secrets))
        STATS["secret_values_collected"] += len(secrets)
        STATS["texts_scanned"] += 1
        found = leaks([output], secrets)
        assert found == [], (name, found)


def test_cli_sign_and_token(tmp_path: Path, sbx: Env) -> None:
    payload = {"merchantId": "RELMERCHANT", "transactionId": "T1", "amount": 100, "userAuthToken": "UAT-secret-42"}
    from merchant_gateway_client.client import encode_payload

    request_b64 = encode_payload(payload)
    env = _clean_env(MGW_MERCHANT_ID="RELMERCHANT", MGW_SALT_KEY=SALT, MGW_SALT_INDEX="1")
    outputs = []
    for extra in ([], ["--json"]):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "merchant_gateway.cli",
                "sign",
                "--path",
                "/v4/debit",
                "--payload",
                json.dumps(payload),
                *extra,
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            cwd=str(tmp_path),
        )
        if done.returncode != 0 and "No module named merchant_gateway.cli.__main__" in done.stderr:
            done = subprocess.run(
                [
                    sys.executable,
                    str(PROBE),
                    str(tmp_path / "sign.json"),
                    "sign",
                    "--path",
                    "/v4/debit",
                    "--payload",
                    json.dumps(payload),
                    *extra,
                ],
                env=env,
                capture_output=True,
                text=True,
                timeout=60,
                cwd=str(tmp_path),
            )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout + done.stderr)
    token_env = _clean_env(
        MGW_MERCHANT_ID="RELMERCHANT",
        MGW_SALT_KEY=SALT,
        MGW_SALT_INDEX="1",
        MGW_BASE_URL=sbx.running.base_url,
        MGW_APPS_URL=sbx.running.apps_url,
        MGW_AUTH_URL=sbx.running.auth_url,
        MGW_CLIENT_ID="RELCLIENT",
        MGW_CLIENT_SECRET=CLIENT_SECRET,
    )
    token_secrets: set[str] = set()
    for i, extra in enumerate(([], ["--json"])):
        code, output, secrets = _finish(
            tmp_path, f"token{i}", _probe(tmp_path, f"token{i}", ["token", *extra], token_env)
        )
        assert code == 0, output
        outputs.append(output)
        token_secrets |= secrets
    assert any(s.startswith("OT-") for s in token_secrets)  # the access token was seen on the wire
    secrets = token_secrets | {SALT, CLIENT_SECRET, request_b64, "UAT-secret-42"}
    STATS["secret_values_collected"] += len(secrets)
    STATS["texts_scanned"] += len(outputs)
    assert leaks(outputs, secrets) == []
