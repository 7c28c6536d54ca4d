"""The ten mistakes a new merchant engineer made on the first day (issue 35): each now gets a message that says what
happened and what to do. One test per mistake holds the message."""

from __future__ import annotations

import asyncio
import contextlib
import io
import subprocess
import threading
import warnings
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from merchant_gateway import AdviceWarning, Gateway, GatewayConfig, ValidationError, paise_from_rupees
from merchant_gateway.cli import main as mgw
from merchant_gateway.errors import ConfigurationError
from merchant_gateway.tasks import IntentStart

ROOT = Path(__file__).resolve().parents[2]
CONFIG = {"MGW_MERCHANT_ID": "M1", "MGW_SALT_KEY": "salt", "MGW_SALT_INDEX": "1"}


@pytest.fixture(scope="module")
def sandbox() -> Any:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(port=0, merchant_id="M1", salts={"1": "salt"}, clock=sb.ManualClock()) as running:
        yield running


def gateway(sandbox: Any, **kw: Any) -> Gateway:
    urls = {"base_url": sandbox.base_url, "apps_url": sandbox.apps_url, "auth_url": sandbox.auth_url}
    return Gateway(merchant_id="M1", salt_key="salt", salt_index="1", **urls, **kw)


def test_1_a_web_payment_without_a_callback_url_is_warned(sandbox: Any) -> None:
    with gateway(sandbox) as gw, pytest.warns(AdviceWarning) as caught:
        gw.payments.start(amount=100, merchant_user_id="U1", redirect_url="https://shop.example/return")
    (message,) = [str(w.message) for w in caught]
    assert "without callback_url (X-CALLBACK-URL): no server-to-server callback will come" in message
    assert 'give callback_url="https://your.shop/gateway/callback"' in message


def test_1_with_a_callback_url_nothing_is_said(sandbox: Any) -> None:
    with gateway(sandbox) as gw, warnings.catch_warnings():
        warnings.simplefilter("error")
        gw.payments.start(
            amount=100,
            merchant_user_id="U1",
            redirect_url="https://shop.example/return",
            callback_url="https://shop.example/cb",
        )


def test_2_the_sync_gateway_inside_a_running_event_loop_names_async_gateway(sandbox: Any) -> None:
    async def handler() -> None:
        with gateway(sandbox) as gw:
            start = gw.payments.start(
                amount=100, merchant_user_id="U1", redirect_url="https://r.example", callback_url="https://c.example"
            )
            settle = threading.Timer(0.3, sandbox.advance, [10.0])  # the sandbox settles it meanwhile
            settle.start()
            try:
                assert gw.payments.wait(start, poll_every=0.05).succeeded  # blocks the loop for its sleeps
            finally:
                settle.join()

    with pytest.warns(RuntimeWarning, match=r"blocking the running event loop.*use AsyncGateway there and await"):
        asyncio.run(handler())


@pytest.mark.parametrize(("wrong", "right"), [("MGW_ENVIRONMENT", "MGW_ENV"), ("MGW_BASEURL", "MGW_BASE_URL")])
def test_3_a_misspelt_variable_is_named_with_the_closest_one(wrong: str, right: str) -> None:
    with pytest.warns(
        UserWarning, match=rf"{wrong} is set but merchant_gateway reads no such variable.*mean {right}\?"
    ):
        GatewayConfig.from_env({**CONFIG, wrong: "production"})


def test_3_known_variables_of_other_parts_are_not_warned_about() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        GatewayConfig.from_env({**CONFIG, "MGW_LEDGER_URL": "sqlite:///x.db", "MGW_DEMO_OTP": "1"})


def run_mgw(args: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    for name in ("MGW_MERCHANT_ID", "MGW_SALT_KEY", "MGW_SALT_INDEX", "MGW_ENV"):
        monkeypatch.delenv(name, raising=False)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = mgw(args)
        except SystemExit as exc:  # --help
            code = int(exc.code or 0)
    return code, out.getvalue() + err.getvalue()


def test_4_the_cli_names_its_flags_not_python_keywords(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = run_mgw(["status", "TX1", "--expected-amount", "100"], monkeypatch)
    assert code == 2
    assert "set MGW_MERCHANT_ID (or pass --merchant-id)" in text
    assert "merchant_id=" not in text
    assert "keyword" not in text  # the library's default remedy, for Python callers, is not said on the command line


def test_5_refund_help_does_not_call_message_required(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = run_mgw(["refund", "--help"], monkeypatch)
    assert code == 0
    assert "--message" in text
    assert "required by the gateway" not in text
    assert "optional" in " ".join(text.split())


def test_6_a_validation_error_carries_a_remedy(sandbox: Any) -> None:
    with gateway(sandbox) as gw, pytest.raises(ValidationError) as exc:
        gw.payments.start(amount=10.5, merchant_user_id="U1")  # type: ignore[arg-type]
    assert exc.value.remedy is not None
    assert "nothing was sent" in exc.value.remedy
    assert exc.value.field in exc.value.remedy


def test_6_every_error_class_has_a_remedy() -> None:
    import inspect

    from merchant_gateway import errors

    classes = [c for c in vars(errors).values() if inspect.isclass(c) and issubclass(c, errors.GatewayError)]
    assert len(classes) >= 25
    assert [c.__name__ for c in classes if not c.default_remedy] == []
    assert errors.OutcomeUnknown("lost").remedy is not None
    assert "gateway.reconcile(exc.transaction_id)" in (errors.OutcomeUnknown("lost").remedy or "")
    assert str(errors.OutcomeUnknown("lost")) == "lost"  # a default remedy is not repeated in the message
    given = errors.ApiError("refused", code="X", remedy="do this")
    assert (given.remedy, str(given)) == ("do this", "refused; do this (code=X)")


def test_7_paise_from_rupees_of_an_int_says_what_to_do() -> None:
    with pytest.raises(ValidationError) as exc:
        paise_from_rupees(100)  # type: ignore[arg-type]
    assert 'e.g. paise_from_rupees("100")' in str(exc.value)
    assert "an int amount is already paise" in str(exc.value)
    assert paise_from_rupees(Decimal("100")) == 10_000


def test_8_intent_start_repr_shows_the_intent_url() -> None:
    start = IntentStart(
        transaction_id="TX1",
        amount=100,
        operation="debitV4Intent",
        merchant_order_id="OD-1",
        started_at=0.0,
        intent_url="upi://pay?pa=x",
    )
    assert "intent_url='upi://pay?pa=x'" in repr(start)


def test_9_a_gateway_never_closed_says_so_and_how_to_close_it() -> None:
    settings = {"merchant_id": "M1", "salt_key": "salt", "salt_index": "1"}
    with pytest.warns(ResourceWarning, match=r"Gateway\(merchant_id='M1'\) was never closed.*use `with Gateway"):
        Gateway(**settings).__del__()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with Gateway(**settings) as gw:
            gw.with_options().__del__()  # a view closes nothing
        gw.__del__()  # closed: nothing to say


def test_9_the_readme_examples_close_their_gateways() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "with Gateway(" in readme
    assert "async with AsyncGateway(" in readme
    assert "gateway = Gateway(" not in readme  # a gateway made outside `with` is never closed by the examples


def test_10_make_test_says_what_system_packages_it_installs_and_how_to_skip() -> None:
    dry = subprocess.run(
        ["make", "-n", "browser", "postgres"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    for package in ("chromium", "postgresql"):
        said = dry.index(f"installing the system package {package} (apt-get, as root)")
        assert said < dry.index(f"apt-get install -y -qq {package}")
    assert dry.count("SYSTEM_PACKAGES=no") >= 2
    skipped = subprocess.run(
        ["make", "-n", "browser", "SYSTEM_PACKAGES=no"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert '[ "no" != no ]' in skipped


def test_configuration_errors_keep_their_variable() -> None:
    with pytest.raises(ConfigurationError, match="MGW_MERCHANT_ID: is not set"):
        GatewayConfig.from_env({})
