"""The TLS settings before anything is sent: every mistake is a ConfigurationError naming the MGW_* variable and
what to give (a missing file, a bundle without certificates, a key that does not match or whose password is
wrong, contradictory settings, verification switched off in production), the key password never appears in a
repr or an error, the MGW_* variables map onto the settings, and the SSL context is built once and only for https."""

from __future__ import annotations

import ssl
from pathlib import Path
from typing import Any

import httpx
import merchant_gateway as mg
import pytest
import trustme
from cryptography.hazmat.primitives import serialization
from merchant_gateway.tls import TlsContexts
from merchant_gateway.transports import AsyncGatewayTransport, GatewayTransport

BASE: dict[str, Any] = {"merchant_id": "M1", "salt_key": "k", "salt_index": "1"}
ENV = {"MGW_MERCHANT_ID": "M1", "MGW_SALT_KEY": "k", "MGW_SALT_INDEX": "1"}
PASSWORD = "tls-key-password-93"


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("tls")
    ca = trustme.CA()
    leaf = ca.issue_cert("merchant.client.example")
    other = trustme.CA().issue_cert("other.example")
    paths = {name: folder / f"{name}.pem" for name in ("ca", "cert", "key", "both", "other_key", "encrypted", "junk")}
    ca.cert_pem.write_to_path(str(paths["ca"]))
    leaf.cert_chain_pems[0].write_to_path(str(paths["cert"]))
    leaf.private_key_pem.write_to_path(str(paths["key"]))
    leaf.private_key_and_cert_chain_pem.write_to_path(str(paths["both"]))
    other.private_key_pem.write_to_path(str(paths["other_key"]))
    key = serialization.load_pem_private_key(leaf.private_key_pem.bytes(), password=None)
    paths["encrypted"].write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.BestAvailableEncryption(PASSWORD.encode()),
        )
    )
    paths["junk"].write_text("not a certificate\n")
    return {name: str(path) for name, path in paths.items()}


def _refused(variable: str, **settings: Any) -> str:
    with pytest.raises(mg.ConfigurationError) as caught:
        mg.GatewayConfig(**{**BASE, **settings})
    assert caught.value.variable == variable, caught.value
    assert PASSWORD not in str(caught.value)
    return str(caught.value)


def test_the_defaults_verify_with_certifi_and_present_no_certificate() -> None:
    config = mg.GatewayConfig(**BASE)
    assert (config.verify, config.cert, config.cert_password, config.truststore) == (True, None, None, False)


def test_paths_are_kept_as_strings_and_the_password_stays_out_of_the_repr(files: dict[str, str]) -> None:
    config = mg.GatewayConfig(
        **BASE, verify=Path(files["ca"]), cert=(files["cert"], files["encrypted"]), cert_password=PASSWORD
    )
    assert config.verify == files["ca"]
    assert config.cert == (files["cert"], files["encrypted"])
    assert PASSWORD not in repr(config)
    assert PASSWORD not in repr(mg.Gateway(config))
    assert PASSWORD not in repr(TlsContexts(files["ca"], config.cert, PASSWORD))
    assert mg.GatewayConfig(**BASE, cert=files["both"]).cert == files["both"]


@pytest.mark.parametrize(
    ("settings", "variable", "says"),
    [
        ({"verify": "/no/such/bundle.pem"}, "MGW_CA_BUNDLE", "no file or directory"),
        ({"verify": "junk"}, "MGW_CA_BUNDLE", "no usable CA certificate"),
        ({"verify": 3}, "MGW_TLS_VERIFY", "a CA bundle path or an ssl.SSLContext"),
        ({"cert": "/no/such/client.pem"}, "MGW_TLS_CLIENT_CERT", "no file or directory"),
        ({"cert": ("cert", "/no/such/client.key")}, "MGW_TLS_CLIENT_KEY", "no file or directory"),
        ({"cert": ("cert", "other_key")}, "MGW_TLS_CLIENT_CERT", "could not be loaded"),
        ({"cert": ("cert", "encrypted"), "cert_password": "wrong"}, "MGW_TLS_CLIENT_CERT", "could not be loaded"),
        ({"cert_password": PASSWORD}, "MGW_TLS_CLIENT_KEY_PASSWORD", "given with a client certificate"),
        ({"truststore": "yes"}, "MGW_TLS_TRUSTSTORE", "True or False"),
        ({"truststore": True, "verify": "ca"}, "MGW_TLS_TRUSTSTORE", "cannot be combined"),
        ({"truststore": True, "verify": False}, "MGW_TLS_TRUSTSTORE", "cannot be combined"),
    ],
)
def test_a_bad_tls_setting_names_its_variable_before_anything_is_sent(
    files: dict[str, str], settings: dict[str, Any], variable: str, says: str
) -> None:
    def resolved(value: Any) -> Any:
        if isinstance(value, tuple):
            return tuple(resolved(v) for v in value)
        return files.get(value, value) if isinstance(value, str) else value

    message = _refused(variable, **{k: resolved(v) for k, v in settings.items()})
    assert says in message


def test_a_client_certificate_beside_an_ssl_context_is_refused(files: dict[str, str]) -> None:
    assert "load the certificate into that context" in _refused(
        "MGW_TLS_CLIENT_CERT", verify=ssl.create_default_context(), cert=files["both"]
    )


def test_verification_cannot_be_switched_off_in_production() -> None:
    urls = {name: "https://gw.example/apis" for name in ("base_url", "apps_url", "auth_url")}
    message = _refused("MGW_TLS_VERIFY", environment="production", verify=False, **urls)
    assert "MGW_CA_BUNDLE" in message
    assert mg.GatewayConfig(**BASE, verify=False).verify is False  # outside production: the caller's choice


def test_truststore_missing_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "truststore" else real(name))
    assert "merchant-gateway-client[truststore]" in _refused("MGW_TLS_TRUSTSTORE", truststore=True)


def test_the_variables_map_onto_the_settings(files: dict[str, str]) -> None:
    config = mg.GatewayConfig.from_env(
        {
            **ENV,
            "MGW_CA_BUNDLE": files["ca"],
            "MGW_TLS_CLIENT_CERT": files["cert"],
            "MGW_TLS_CLIENT_KEY": files["encrypted"],
            "MGW_TLS_CLIENT_KEY_PASSWORD": PASSWORD,
        }
    )
    assert config.verify == files["ca"]
    assert config.cert == (files["cert"], files["encrypted"])
    assert config.cert_password == PASSWORD
    assert mg.GatewayConfig.from_env({**ENV, "MGW_TLS_CLIENT_CERT": files["both"]}).cert == files["both"]
    assert mg.GatewayConfig.from_env({**ENV, "MGW_TLS_VERIFY": "false"}).verify is False
    assert mg.GatewayConfig.from_env({**ENV, "MGW_TLS_TRUSTSTORE": "1"}).truststore is True
    assert mg.GatewayConfig.from_env({**ENV, "MGW_TLS_VERIFY": ""}).verify is True  # empty: not set
    # a keyword given to from_env wins over the variable
    assert mg.GatewayConfig.from_env({**ENV, "MGW_CA_BUNDLE": files["ca"]}, verify=True).verify is True


@pytest.mark.parametrize(
    ("environ", "variable"),
    [
        ({"MGW_TLS_VERIFY": "maybe"}, "MGW_TLS_VERIFY"),
        ({"MGW_TLS_VERIFY": "false", "MGW_CA_BUNDLE": "/x.pem"}, "MGW_CA_BUNDLE"),
        ({"MGW_TLS_CLIENT_KEY": "/x.key"}, "MGW_TLS_CLIENT_KEY"),
        ({"MGW_TLS_TRUSTSTORE": "sometimes"}, "MGW_TLS_TRUSTSTORE"),
    ],
)
def test_a_bad_variable_is_named(environ: dict[str, str], variable: str) -> None:
    with pytest.raises(mg.ConfigurationError) as caught:
        mg.GatewayConfig.from_env({**ENV, **environ})
    assert caught.value.variable == variable


# --- the SSL context: built once, only when an https connection needs it -----------------------------------


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many SSL contexts httpx.create_ssl_context built (the default trust's path in merchant_gateway.tls)."""
    count = [0]
    real = httpx.create_ssl_context

    def counting(*args: Any, **kwargs: Any) -> ssl.SSLContext:
        count[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(httpx, "create_ssl_context", counting)
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(var, raising=False)
    return count


def _plain_server() -> Any:
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Answer(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args: Any) -> None:
            pass

    import threading

    server = ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_a_gateway_reached_over_http_never_builds_an_ssl_context(built: list[int]) -> None:
    server = _plain_server()
    try:
        transport = GatewayTransport(deadline=5)
        for _ in range(3):
            response = transport.handle_request(httpx.Request("GET", f"http://127.0.0.1:{server.server_port}/"))
            assert response.content == b"ok"
        transport.close()
        assert built == [0]
    finally:
        server.shutdown()


def test_the_ssl_context_is_built_once_for_every_https_connection(built: list[int]) -> None:
    tls = TlsContexts()
    assert built == [0]
    first = tls.gateway()
    assert tls.gateway() is first
    assert tls.proxy() is first  # no client certificate: the proxy's trust is the same context
    assert built == [1]


def test_an_https_proxy_gets_the_same_trust_without_the_client_certificate(files: dict[str, str]) -> None:
    tls = TlsContexts(files["ca"], (files["cert"], files["key"]))
    assert tls.gateway() is not tls.proxy()
    assert tls.gateway() is tls.gateway()
    assert tls.proxy() is tls.proxy()


async def test_the_async_transport_checks_the_settings_when_it_is_made(files: dict[str, str]) -> None:
    with pytest.raises(mg.ConfigurationError) as caught:
        AsyncGatewayTransport(cert=(files["cert"], files["other_key"]))
    assert caught.value.variable == "MGW_TLS_CLIENT_CERT"
