"""The task layer's shape: the sync flavour is the async one derived (and up to date), both gateways bind it to
themselves (views included), every method names its operation, names carry no version suffix, behaviour from the
gateway's public reference says so, and the payments-page URL is always absolute."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest
from merchant_gateway import AsyncGateway, Gateway, RetryPolicy
from merchant_gateway.errors import GatewayError
from merchant_gateway.tasks import (
    BEHAVIOUR_SOURCES,
    AsyncCollects,
    AsyncPayments,
    AsyncRefunds,
    AsyncSso,
    AsyncWallets,
    Collects,
    MobileSdk,
    Payments,
    Refunds,
    Sso,
    Wallets,
)
from merchant_gateway.tasks._models import absolute_url
from merchant_gateway_client.operations import OPERATIONS

ROOT = Path(__file__).resolve().parents[3]
PAIRS = [
    (Payments, AsyncPayments),
    (Refunds, AsyncRefunds),
    (Collects, AsyncCollects),
    (Wallets, AsyncWallets),
    (Sso, AsyncSso),
]
OPERATION_IDS = {op.operation_id for op in OPERATIONS.values()}


def public_methods(cls: type) -> dict[str, object]:
    return {name: fn for name, fn in vars(cls).items() if callable(fn) and not name.startswith("_")}


def test_the_sync_flavour_is_derived_from_the_async_one_and_up_to_date() -> None:
    done = subprocess.run(
        [sys.executable, "tools/derive_sync.py", "--check"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert (ROOT / "overlays/merchant_gateway/tasks/_sync.py").read_text().startswith("# Generated from _async.py")


@pytest.mark.parametrize(("sync", "asyn"), PAIRS)
def test_both_flavours_have_the_same_methods_and_signatures(sync: type, asyn: type) -> None:
    s, a = public_methods(sync), public_methods(asyn)
    assert s.keys() == a.keys()
    for name in s:
        assert inspect.iscoroutinefunction(a[name]), name
        assert not inspect.iscoroutinefunction(s[name]), name
        sig_s, sig_a = inspect.signature(s[name]), inspect.signature(a[name])  # type: ignore[arg-type]
        assert [(p.name, p.kind, p.default) for p in sig_s.parameters.values()] == [
            (p.name, p.kind, p.default) for p in sig_a.parameters.values()
        ], name


def test_each_gateway_and_view_binds_its_own_resources() -> None:
    gw = Gateway(merchant_id="M1", salt_key="s", salt_index="1")
    view = gw.with_options(retry=RetryPolicy(max_attempts=1))
    assert isinstance(gw.payments, Payments)
    assert gw.payments._gateway is gw
    assert view.payments._gateway is view
    assert view.refunds._gateway is view
    assert isinstance(gw.wallets, Wallets)
    assert isinstance(gw.collects, Collects)
    assert isinstance(gw.mobile, MobileSdk)
    assert isinstance(gw.sso, Sso)
    assert view.sso._gateway is view
    agw = AsyncGateway(merchant_id="M1", salt_key="s", salt_index="1")
    assert isinstance(agw.payments, AsyncPayments)
    assert agw.refunds._gateway is agw
    assert isinstance(agw.mobile, MobileSdk)
    assert isinstance(agw.sso, AsyncSso)
    assert agw.sso._gateway is agw
    gw.close()


def test_importing_the_package_does_not_load_the_task_layer() -> None:
    code = "import sys, merchant_gateway; sys.exit(any('merchant_gateway.tasks' in m for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0


@pytest.mark.parametrize("cls", [c for pair in PAIRS for c in pair] + [MobileSdk])
def test_every_task_names_its_operation_and_no_name_has_a_version(cls: type) -> None:
    for name, fn in public_methods(cls).items():
        assert not re.search(r"v\d", name), name
        doc = inspect.getdoc(fn) or ""
        named = set(re.findall(r"\b([a-z]+[A-Z]\w+)\b", doc)) & OPERATION_IDS
        assert named or "/v3/" in doc, f"{cls.__name__}.{name} names no operation"
        assert re.search(r"Operations?:", doc) or cls is MobileSdk, f"{cls.__name__}.{name}"


def test_what_comes_from_the_public_reference_says_so_where_it_is_used() -> None:
    assert set(BEHAVIOUR_SOURCES) == {"payments.wait", "refunds.wait", "wallets.link"}
    for task, source in BEHAVIOUR_SOURCES.items():
        assert "public reference" in source
        resource, method = task.split(".")
        for cls in next(pair for pair in PAIRS if pair[0].__name__.lower() == resource):
            doc = " ".join((inspect.getdoc(getattr(cls, method)) or "").split())
            assert "public reference" in doc, f"{cls.__name__}.{method}"
            assert "interface document" in doc, f"{cls.__name__}.{method}"
    # the spec marks the OTP pair the same way (x-source: public-reference)
    spec = (ROOT / "spec/openapi.yaml").read_text(encoding="utf-8")
    for op in ("sendOtp", "verifyOtp"):
        block = spec[spec.index(f"operationId: {op}") :][:2500]
        assert "x-source: public-reference" in block, op
    # and the flows underneath no longer call the schedule "published"
    for module in ("polling", "status", "schedule", "reconcile"):
        text = (ROOT / f"overlays/merchant_gateway/flows/{module}.py").read_text(encoding="utf-8")
        assert not re.search(r"published (reconciliation |polling )?schedule", text), module


BASE = "http://127.0.0.1:8080/apis/pg-sandbox"


@pytest.mark.parametrize(
    ("location", "url"),
    [
        ("/_sandbox/pay/SBX1", BASE + "/_sandbox/pay/SBX1"),  # appended to the host (the base URL)
        ("_sandbox/pay/SBX1", BASE + "/_sandbox/pay/SBX1"),
        ("https://pay.example/p/1?x=1", "https://pay.example/p/1?x=1"),  # absolute: kept
        ("//pay.example/p/1", "http://pay.example/p/1"),
    ],
)
def test_absolute_url(location: str, url: str) -> None:
    assert absolute_url(location, BASE + "/", what="page", transaction_id="T") == url


@pytest.mark.parametrize("location", [None, "", "   ", "upi://pay?pa=x", 12, "javascript:alert(1)"])
def test_no_usable_page_url_is_an_error(location: object) -> None:
    with pytest.raises(GatewayError):
        absolute_url(location, BASE, what="page", transaction_id="T")
