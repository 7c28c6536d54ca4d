"""TLS settings against real loopback TLS (trustme's CAs, a TLS front relaying to the plain sandbox): a private CA
and mutual TLS work from settings alone (keywords or MGW_* variables), directly and through a CONNECT proxy, on
Gateway and AsyncGateway; a wrong host name, an expired certificate and an untrusted CA are refused before
anything is sent (a connect error, never OutcomeUnknown, and the front relayed no byte); a server that demands a
client certificate refuses a client without one, clearly."""

from __future__ import annotations

import asyncio
import datetime
import ssl
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import merchant_gateway as mg
import pytest
import trustme
from cryptography.hazmat.primitives import serialization

from tests.support.integration import MERCHANT, SALT, tid
from tests.support.tls_front import ConnectProxy, DemandingTlsServer, TlsFront

sandbox_mod = pytest.importorskip("merchant_gateway_sandbox", reason="sandbox not importable")

_PROXY_VARS = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "all_proxy")
_PREFIXES = ("/apis/pg-sandbox", "/apis/apps", "/apis/identity-manager")


@pytest.fixture(autouse=True)
def _no_proxy_or_bundle(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in (*_PROXY_VARS, "SSL_CERT_FILE", "SSL_CERT_DIR"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    running = sandbox_mod.start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT})
    yield running
    running.stop()


@pytest.fixture(scope="module")
def ca() -> trustme.CA:
    return trustme.CA()


@pytest.fixture
def ca_file(ca: trustme.CA, tmp_path: Path) -> str:
    path = tmp_path / "private-ca.pem"
    ca.cert_pem.write_to_path(str(path))
    return str(path)


def _front(sandbox: Any, leaf: trustme.LeafCert, *, client_ca: trustme.CA | None = None) -> TlsFront:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    leaf.configure_cert(context)
    if client_ca is not None:  # mutual TLS: the handshake fails without a certificate this CA signed
        client_ca.configure_trust(context)
        context.verify_mode = ssl.CERT_REQUIRED
    return TlsFront(context, sandbox.port)


@pytest.fixture
def front(sandbox: Any, ca: trustme.CA) -> Iterator[TlsFront]:
    running = _front(sandbox, ca.issue_cert("127.0.0.1"))
    yield running
    running.close()


def _urls(front: TlsFront) -> dict[str, str]:
    origin = f"https://127.0.0.1:{front.port}"
    return dict(zip(("base_url", "apps_url", "auth_url"), (origin + p for p in _PREFIXES), strict=True))


def _settings(front: TlsFront, **tls: Any) -> dict[str, Any]:
    return {"merchant_id": MERCHANT, "salt_key": SALT, "salt_index": "1", **_urls(front), **tls}


def _pay_and_read(gateway: mg.Gateway) -> None:
    txn = tid("TLS")
    assert gateway.debit_v4_web(transaction_id=txn, amount=100, merchant_user_id="U1").success
    assert gateway.get_transaction_status(txn).code == "PAYMENT_PENDING"


async def _async_pay_and_read(gateway: mg.AsyncGateway) -> None:
    txn = tid("TLS")
    assert (await gateway.debit_v4_web(transaction_id=txn, amount=100, merchant_user_id="U1")).success
    assert (await gateway.get_transaction_status(txn)).code == "PAYMENT_PENDING"


def _refused_before_sending(gateway: mg.Gateway, front: TlsFront) -> mg.GatewayConnectionError:
    """A money-moving call is refused as a connect error (nothing sent, not OutcomeUnknown); the front relayed
    nothing to the gateway. Returns the error for the test to read its message."""
    one_try = gateway.with_options(retry=mg.RetryPolicy(max_attempts=1))
    with pytest.raises(mg.GatewayConnectionError) as caught:
        one_try.debit_v4_web(transaction_id=tid("TLSX"), amount=100, merchant_user_id="U1")
    assert not isinstance(caught.value, mg.OutcomeUnknown)
    assert front.forwarded == [0]
    assert front.connections == 0
    assert "nothing was sent" in str(caught.value)
    return caught.value


# --- a private CA, from settings alone ---------------------------------------------------------------------


@pytest.mark.parametrize("proxied", [False, True], ids=["direct", "proxied"])
def test_a_private_ca_works_from_the_environment_alone(
    front: TlsFront, ca_file: str, proxied: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    environ = {
        "MGW_MERCHANT_ID": MERCHANT,
        "MGW_SALT_KEY": SALT,
        "MGW_SALT_INDEX": "1",
        "MGW_BASE_URL": _urls(front)["base_url"],
        "MGW_APPS_URL": _urls(front)["apps_url"],
        "MGW_AUTH_URL": _urls(front)["auth_url"],
        "MGW_CA_BUNDLE": ca_file,
    }
    proxy = ConnectProxy() if proxied else None
    if proxy is not None:
        monkeypatch.setenv("HTTPS_PROXY", f"http://127.0.0.1:{proxy.port}")
    try:
        with mg.Gateway.from_env(environ) as gateway:
            assert gateway.config.verify == ca_file
            _pay_and_read(gateway)
        assert front.connections >= 1
        if proxy is not None:
            assert proxy.targets
            assert set(proxy.targets) == {f"127.0.0.1:{front.port}"}
    finally:
        if proxy is not None:
            proxy.close()


@pytest.mark.parametrize("proxied", [False, True], ids=["direct", "proxied"])
async def test_a_private_ca_works_on_the_async_gateway(
    front: TlsFront, ca_file: str, proxied: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    proxy = ConnectProxy() if proxied else None
    if proxy is not None:
        monkeypatch.setenv("HTTPS_PROXY", f"http://127.0.0.1:{proxy.port}")
    try:
        async with mg.AsyncGateway(**_settings(front, verify=Path(ca_file))) as gateway:
            await _async_pay_and_read(gateway)
        if proxy is not None:
            assert set(proxy.targets) == {f"127.0.0.1:{front.port}"}
    finally:
        if proxy is not None:
            proxy.close()


def test_an_ssl_context_given_as_verify_is_used_as_given(front: TlsFront, ca: trustme.CA) -> None:
    context = ssl.create_default_context()
    ca.configure_trust(context)
    with mg.Gateway(**_settings(front, verify=context)) as gateway:
        _pay_and_read(gateway)


def test_without_the_private_ca_the_default_trust_refuses_before_anything_is_sent(front: TlsFront) -> None:
    with mg.Gateway(**_settings(front)) as gateway:
        error = _refused_before_sending(gateway, front)
    assert "the server's certificate was refused" in str(error)
    assert "MGW_CA_BUNDLE" in str(error)


async def test_the_async_gateway_refuses_an_untrusted_certificate_before_anything_is_sent(front: TlsFront) -> None:
    async with mg.AsyncGateway(**_settings(front)) as gateway:
        one_try = gateway.with_options(retry=mg.RetryPolicy(max_attempts=1))
        with pytest.raises(mg.GatewayConnectionError) as caught:
            await one_try.debit_v4_web(transaction_id=tid("TLSX"), amount=100, merchant_user_id="U1")
    assert not isinstance(caught.value, mg.OutcomeUnknown)
    assert "nothing was sent" in str(caught.value)
    assert front.forwarded == [0]


def test_the_operating_system_store_through_truststore(
    front: TlsFront, ca_file: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """truststore trusts what the system's OpenSSL trusts; SSL_CERT_FILE stands in for a system store holding
    the private CA (the test cannot add a CA to this machine's store)."""
    truststore = pytest.importorskip("truststore")
    from merchant_gateway.tls import TlsContexts

    assert isinstance(TlsContexts(truststore=True).gateway(), truststore.SSLContext)
    monkeypatch.setenv("SSL_CERT_FILE", ca_file)
    with mg.Gateway.from_env({"MGW_TLS_TRUSTSTORE": "1", **_env(front)}) as gateway:
        assert gateway.config.truststore is True
        _pay_and_read(gateway)


def _env(front: TlsFront) -> dict[str, str]:
    urls = _urls(front)
    return {
        "MGW_MERCHANT_ID": MERCHANT,
        "MGW_SALT_KEY": SALT,
        "MGW_SALT_INDEX": "1",
        "MGW_BASE_URL": urls["base_url"],
        "MGW_APPS_URL": urls["apps_url"],
        "MGW_AUTH_URL": urls["auth_url"],
    }


# --- refused certificates: nothing is sent -----------------------------------------------------------------


def test_a_certificate_for_another_host_name_is_refused(sandbox: Any, ca: trustme.CA, ca_file: str) -> None:
    front = _front(sandbox, ca.issue_cert("gateway.example"))
    try:
        with mg.Gateway(**_settings(front, verify=ca_file)) as gateway:
            error = _refused_before_sending(gateway, front)
        assert "mismatch" in str(error)
    finally:
        front.close()


def test_an_expired_certificate_is_refused(sandbox: Any, ca: trustme.CA, ca_file: str) -> None:
    now = datetime.datetime.now(datetime.UTC)
    leaf = ca.issue_cert(
        "127.0.0.1", not_before=now - datetime.timedelta(days=30), not_after=now - datetime.timedelta(days=1)
    )
    front = _front(sandbox, leaf)
    try:
        with mg.Gateway(**_settings(front, verify=ca_file)) as gateway:
            error = _refused_before_sending(gateway, front)
        assert "expired" in str(error)
    finally:
        front.close()


# --- mutual TLS --------------------------------------------------------------------------------------------


@pytest.fixture
def client_files(ca: trustme.CA, tmp_path: Path) -> tuple[str, str, str]:
    """A client certificate signed by the CA: (certificate, plain key, key encrypted with "key-password-1")."""
    leaf = ca.issue_cert("merchant.client.example")
    cert, key, encrypted = tmp_path / "client.pem", tmp_path / "client.key", tmp_path / "client-encrypted.key"
    leaf.cert_chain_pems[0].write_to_path(str(cert))
    leaf.private_key_pem.write_to_path(str(key))
    private = serialization.load_pem_private_key(leaf.private_key_pem.bytes(), password=None)
    encrypted.write_bytes(
        private.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.BestAvailableEncryption(b"key-password-1"),
        )
    )
    return str(cert), str(key), str(encrypted)


@pytest.fixture
def mtls_front(sandbox: Any, ca: trustme.CA) -> Iterator[TlsFront]:
    running = _front(sandbox, ca.issue_cert("127.0.0.1"), client_ca=ca)
    yield running
    running.close()


def test_mutual_tls_works_with_the_client_certificate_from_the_environment(
    mtls_front: TlsFront, ca_file: str, client_files: tuple[str, str, str]
) -> None:
    cert, _, encrypted = client_files
    environ = {
        **_env(mtls_front),
        "MGW_CA_BUNDLE": ca_file,
        "MGW_TLS_CLIENT_CERT": cert,
        "MGW_TLS_CLIENT_KEY": encrypted,
        "MGW_TLS_CLIENT_KEY_PASSWORD": "key-password-1",
    }
    with mg.Gateway.from_env(environ) as gateway:
        assert "key-password-1" not in repr(gateway.config)
        _pay_and_read(gateway)
    assert mtls_front.connections >= 1


async def test_mutual_tls_works_on_the_async_gateway(
    mtls_front: TlsFront, ca_file: str, client_files: tuple[str, str, str]
) -> None:
    cert, key, _ = client_files
    async with mg.AsyncGateway(**_settings(mtls_front, verify=ca_file, cert=(cert, key))) as gateway:
        await _async_pay_and_read(gateway)


@pytest.mark.parametrize("money", [False, True], ids=["status-read", "debit"])
def test_mutual_tls_without_a_client_certificate_fails_clearly(
    sandbox: Any, ca: trustme.CA, ca_file: str, money: bool
) -> None:
    """The server refuses the handshake with a TLS alert. Under TLS 1.3 the client has written its request by
    then (it learns of the refusal on its first read), so the attempt counts as possibly sent and a payment ends
    in OutcomeUnknown: the phase rule stands; the error says what to set. The server read no request byte."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(context)
    ca.configure_trust(context)
    context.verify_mode = ssl.CERT_REQUIRED
    server = DemandingTlsServer(context)
    origin = f"https://127.0.0.1:{server.port}"
    base, apps, auth = (origin + prefix for prefix in _PREFIXES)
    try:
        with mg.Gateway(
            merchant_id=MERCHANT,
            salt_key=SALT,
            salt_index="1",
            verify=ca_file,
            base_url=base,
            apps_url=apps,
            auth_url=auth,
        ) as gateway:
            one_try = gateway.with_options(retry=mg.RetryPolicy(max_attempts=1))
            txn = tid("TLSM")
            call: Callable[[], object] = (
                (lambda: one_try.debit_v4_web(transaction_id=txn, amount=100, merchant_user_id="U1"))
                if money
                else (lambda: one_try.get_transaction_status(txn))
            )
            with pytest.raises(mg.GatewayError) as caught:
                call()
    finally:
        server.close()
    error = caught.value
    if money:
        assert isinstance(error, mg.OutcomeUnknown)
        assert isinstance(error.__cause__, mg.GatewayError)
        error = error.__cause__
    assert "refused this client's certificate" in str(error), error
    assert "MGW_TLS_CLIENT_CERT" in str(error)
    assert server.failed
    assert server.received == 0


# --- the other event loops merchants run AsyncGateway on ------------------------------------------------------


def test_a_private_ca_and_a_refusal_on_uvloop(front: TlsFront, ca_file: str) -> None:
    """uvicorn[standard] serves a shop on uvloop: its TLS (start_tls through anyio) honours the same settings."""
    uvloop = pytest.importorskip("uvloop")

    async def run() -> None:
        async with mg.AsyncGateway(**_settings(front, verify=ca_file)) as gateway:
            await _async_pay_and_read(gateway)
        async with mg.AsyncGateway(**_settings(front)) as untrusting:
            one_try = untrusting.with_options(retry=mg.RetryPolicy(max_attempts=1))
            with pytest.raises(mg.GatewayConnectionError) as caught:
                await one_try.debit_v4_web(transaction_id=tid("TLSU"), amount=100, merchant_user_id="U1")
            assert "nothing was sent" in str(caught.value)
            assert not isinstance(caught.value, mg.OutcomeUnknown)

    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(run())
    assert front.connections >= 1


def test_the_async_transport_honours_the_settings_under_trio(front: TlsFront, ca_file: str) -> None:
    trio = pytest.importorskip("trio")
    from merchant_gateway.transports import AsyncGatewayTransport

    url = f"https://127.0.0.1:{front.port}/apis/pg-sandbox/v3/transaction/{MERCHANT}/{tid('TLST')}/status"
    outcomes: list[object] = []

    async def run() -> None:
        trusting = AsyncGatewayTransport(deadline=10, verify=ca_file)
        answer = await trusting.handle_async_request(httpx.Request("GET", url))
        outcomes.append(answer.status_code)  # the sandbox answered (its verdict on an unsigned read is not ours)
        await trusting.aclose()
        untrusting = AsyncGatewayTransport(deadline=10)
        with pytest.raises(httpx.ConnectError):
            await untrusting.handle_async_request(httpx.Request("GET", url))
        await untrusting.aclose()

    trio.run(run)
    assert outcomes
    assert front.connections == 1  # the refused handshake never reached the sandbox


def test_an_https_proxy_is_verified_with_the_same_trust(
    sandbox: Any, front: TlsFront, ca: trustme.CA, ca_file: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """HTTPS_PROXY=https://...: TLS to the proxy (trusted through MGW_CA_BUNDLE too), then the gateway's TLS inside
    the tunnel. Without the private CA the proxy itself is refused, before anything is sent."""
    proxy = ConnectProxy()
    proxy_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(proxy_context)
    tls_proxy = TlsFront(proxy_context, proxy.port)
    monkeypatch.setenv("HTTPS_PROXY", f"https://127.0.0.1:{tls_proxy.port}")
    try:
        with mg.Gateway(**_settings(front, verify=ca_file)) as gateway:
            _pay_and_read(gateway)
        assert set(proxy.targets) == {f"127.0.0.1:{front.port}"}
        assert tls_proxy.connections >= 1
        forwarded, proxied = front.forwarded[0], tls_proxy.connections
        with mg.Gateway(**_settings(front)) as untrusting:
            one_try = untrusting.with_options(retry=mg.RetryPolicy(max_attempts=1))
            with pytest.raises(mg.GatewayConnectionError) as caught:
                one_try.debit_v4_web(transaction_id=tid("TLSP"), amount=100, merchant_user_id="U1")
        assert not isinstance(caught.value, mg.OutcomeUnknown)
        assert "nothing was sent" in str(caught.value)
        assert f"through the proxy 127.0.0.1:{tls_proxy.port}" in str(caught.value)  # which TLS may have failed
        assert (front.forwarded[0], tls_proxy.connections) == (forwarded, proxied)  # the proxy's TLS was refused
    finally:
        tls_proxy.close()
        proxy.close()
