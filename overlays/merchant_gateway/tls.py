"""TLS settings of one gateway: which server certificates it trusts (``verify``, ``truststore``) and the client
certificate it presents for mutual TLS (``cert``, ``cert_password``), checked before anything is sent and turned
into an ``ssl.SSLContext`` once, when the first https connection needs one.

Why a module of its own: the configuration (merchant_gateway/config.py) checks the settings when a gateway is made,
so a missing file or a wrong key password is a ConfigurationError naming the variable, never a failed payment; the
transports (merchant_gateway/transports/) build the context from the same rules. Building it is deferred because
loading a CA bundle costs milliseconds a gateway reached over http:// (the local sandbox) never needs.

The values mirror httpx's ``verify=`` and ``cert=``: ``verify`` is True (certifi's bundle, or the one
SSL_CERT_FILE / SSL_CERT_DIR name), a path to a CA bundle file or directory, an ``ssl.SSLContext`` used as given,
or False (no verification); ``cert`` is one PEM file holding the certificate and its key, or a (certificate, key)
pair of paths. ``truststore`` trusts the operating system's store instead (the ``truststore`` package, the extra
``merchant-gateway-client[truststore]``).
"""

from __future__ import annotations

import os
import ssl
import threading
from collections.abc import Mapping
from typing import TypedDict

from .errors import ConfigurationError

Path = str | os.PathLike[str]
Verify = bool | Path | ssl.SSLContext
Cert = Path | tuple[Path, Path]


class TlsOptions(TypedDict):
    """The TLS settings as the keywords of the transports (merchant_gateway.transports)."""

    verify: Verify
    cert: Cert | None
    cert_password: str | None
    truststore: bool


# The MGW_* variable behind each setting: every error names the one the user sets.
TLS_ENV_VARS = {
    "verify": "MGW_TLS_VERIFY",
    "ca_bundle": "MGW_CA_BUNDLE",
    "cert": "MGW_TLS_CLIENT_CERT",
    "key": "MGW_TLS_CLIENT_KEY",
    "cert_password": "MGW_TLS_CLIENT_KEY_PASSWORD",
    "truststore": "MGW_TLS_TRUSTSTORE",
}
_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


def flag(raw: str, variable: str) -> bool:
    """An MGW_* yes/no value; anything else is a ConfigurationError naming ``variable``."""
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ConfigurationError(variable, f"must be true or false (got {raw[:20]!r}): e.g. {variable}=true")


def tls_from_env(env: Mapping[str, str]) -> dict[str, object]:
    """The TLS settings the MGW_* variables of ``env`` give (empty values count as missing)."""
    get = {name: env.get(var) or None for name, var in TLS_ENV_VARS.items()}
    values: dict[str, object] = {}
    if get["verify"] is not None:
        values["verify"] = flag(get["verify"], TLS_ENV_VARS["verify"])
    if get["ca_bundle"] is not None:
        if values.get("verify") is False:
            raise ConfigurationError(
                "MGW_CA_BUNDLE",
                "is set while MGW_TLS_VERIFY=false: choose one (a CA bundle verifies the gateway against it; "
                "MGW_TLS_VERIFY=false verifies nothing)",
            )
        values["verify"] = get["ca_bundle"]
    if get["key"] is not None and get["cert"] is None:
        raise ConfigurationError(
            "MGW_TLS_CLIENT_KEY", "is set without MGW_TLS_CLIENT_CERT: set the certificate's path too"
        )
    if get["cert"] is not None:
        values["cert"] = get["cert"] if get["key"] is None else (get["cert"], get["key"])
    if get["cert_password"] is not None:
        values["cert_password"] = get["cert_password"]
    if get["truststore"] is not None:
        values["truststore"] = flag(get["truststore"], TLS_ENV_VARS["truststore"])
    return values


def _path(value: object, variable: str, what: str) -> str:
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str) or not value:
        raise ConfigurationError(variable, f"must be the path of {what}, as a string (got {type(value).__name__})")
    if not os.path.exists(value):
        raise ConfigurationError(variable, f"no file or directory at {value!r}: give the path of {what}")
    return value


def check(
    verify: object, cert: object, cert_password: object, truststore: object, *, production: bool
) -> tuple[Verify, Cert | None]:
    """The settings, checked before anything is sent (files exist and load, the key matches its certificate and
    password, combinations make sense), with paths as strings. Raises ConfigurationError naming the variable."""
    if not isinstance(truststore, bool):
        raise ConfigurationError("MGW_TLS_TRUSTSTORE", "must be True or False (truststore=True, MGW_TLS_TRUSTSTORE=1)")
    if isinstance(verify, os.PathLike):
        verify = os.fspath(verify)
    if isinstance(verify, bool):
        if not verify and production:
            raise ConfigurationError(
                "MGW_TLS_VERIFY",
                "must not be false in production",
                remedy="trust the gateway's CA with MGW_CA_BUNDLE (or the operating system's store with "
                "MGW_TLS_TRUSTSTORE=1) instead of switching verification off",
            )
    elif isinstance(verify, str):
        verify = _path(verify, "MGW_CA_BUNDLE", "a PEM file or directory of CA certificates")
        probe = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        try:
            if os.path.isdir(verify):
                probe.load_verify_locations(capath=verify)
            else:
                probe.load_verify_locations(cafile=verify)
        except (ssl.SSLError, ValueError) as exc:
            raise ConfigurationError(
                "MGW_CA_BUNDLE",
                f"{verify!r} holds no usable CA certificate",
                remedy=f"give a PEM file (or directory) of CA certificates (OpenSSL: {exc})",
            ) from None
    elif not isinstance(verify, ssl.SSLContext):
        raise ConfigurationError(
            "MGW_TLS_VERIFY",
            f"verify must be True, False, a CA bundle path or an ssl.SSLContext (got {type(verify).__name__})",
        )
    if truststore:
        if verify is not True:
            raise ConfigurationError(
                "MGW_TLS_TRUSTSTORE",
                "cannot be combined with verify= / MGW_CA_BUNDLE / MGW_TLS_VERIFY=false",
                remedy="add the CA to the operating system's store, or use a CA bundle without MGW_TLS_TRUSTSTORE",
            )
        import importlib.util  # only with truststore: `import merchant_gateway` stays cheap

        if importlib.util.find_spec("truststore") is None:
            raise ConfigurationError(
                "MGW_TLS_TRUSTSTORE",
                "needs the truststore package: pip install 'merchant-gateway-client[truststore]'",
            )
    if cert_password is not None and (not isinstance(cert_password, str) or cert is None):
        raise ConfigurationError(
            "MGW_TLS_CLIENT_KEY_PASSWORD",
            "must be a string, given with a client certificate (cert= / MGW_TLS_CLIENT_CERT)",
        )
    if cert is None:
        return verify, None
    if isinstance(verify, ssl.SSLContext):
        raise ConfigurationError(
            "MGW_TLS_CLIENT_CERT",
            "cannot be combined with verify=<ssl.SSLContext>",
            remedy="load the certificate into that context (context.load_cert_chain(...)) or pass a CA bundle path "
            "as verify=",
        )
    pair: Cert
    if isinstance(cert, tuple | list) and len(cert) == 2:
        pair = (
            _path(cert[0], "MGW_TLS_CLIENT_CERT", "the client certificate (PEM)"),
            _path(cert[1], "MGW_TLS_CLIENT_KEY", "the client certificate's private key (PEM)"),
        )
    else:
        pair = _path(cert, "MGW_TLS_CLIENT_CERT", "the client certificate (PEM, with its key, or give (cert, key))")
    try:
        _load_cert(ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT), pair, cert_password)
    except (ssl.SSLError, OSError, ValueError) as exc:
        # the message is OpenSSL's reason (e.g. "[SSL] PEM lib"), never the password
        raise ConfigurationError(
            "MGW_TLS_CLIENT_CERT",
            "the client certificate and its key could not be loaded",
            remedy="give a PEM certificate with its matching private key, and MGW_TLS_CLIENT_KEY_PASSWORD if the "
            f"key is encrypted (OpenSSL: {type(exc).__name__}: {exc})",
        ) from None
    return verify, pair


def _load_cert(context: ssl.SSLContext, cert: Cert, password: str | None) -> None:
    if isinstance(cert, tuple):
        context.load_cert_chain(cert[0], cert[1], password=password)
    else:
        context.load_cert_chain(cert, password=password)


class TlsContexts:
    """The SSL contexts of one transport, each built once, on first use: ``gateway()`` for connections to the
    gateway (with the client certificate), ``proxy()`` for an https:// proxy (the same trust, no client
    certificate: it is the gateway's to see, not the proxy's). Settings as :func:`check` returns them; the key
    password is kept out of ``repr``."""

    def __init__(
        self,
        verify: Verify = True,
        cert: Cert | None = None,
        cert_password: str | None = None,
        truststore: bool = False,
        *,
        trust_env: bool = True,
    ) -> None:
        self.verify = verify
        self.cert = cert
        self._password = cert_password
        self.truststore = truststore
        self.trust_env = trust_env
        self._lock = threading.Lock()
        self._built: dict[bool, ssl.SSLContext] = {}

    def __repr__(self) -> str:
        return f"TlsContexts(verify={self.verify!r}, cert={self.cert!r}, truststore={self.truststore})"

    def gateway(self) -> ssl.SSLContext:
        return self._get(client_cert=True)

    def proxy(self) -> ssl.SSLContext:
        return self._get(client_cert=self.cert is None)  # without a client certificate both are the same context

    def _get(self, *, client_cert: bool) -> ssl.SSLContext:
        context = self._built.get(client_cert)
        if context is None:
            with self._lock:  # threads racing to the first https connection share one context
                context = self._built.get(client_cert)
                if context is None:
                    context = self._built[client_cert] = self._build(client_cert=client_cert)
        return context

    def _build(self, *, client_cert: bool) -> ssl.SSLContext:
        verify = self.verify
        if isinstance(verify, ssl.SSLContext):
            return verify  # the caller's context, as given (check() refuses a cert beside it)
        context: ssl.SSLContext
        if self.truststore:
            import truststore  # the extra; check() made sure it is installed

            context = truststore.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        elif verify is True:
            import httpx

            # certifi's bundle, or SSL_CERT_FILE / SSL_CERT_DIR with trust_env: what httpx's own transports trust
            context = httpx.create_ssl_context(trust_env=self.trust_env)
        elif verify is False:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
        elif os.path.isdir(verify):
            context = ssl.create_default_context(capath=verify)
        else:
            context = ssl.create_default_context(cafile=verify)
        if client_cert and self.cert is not None:
            _load_cert(context, self.cert, self._password)
        return context


def handshake_failure(exc: BaseException | None) -> tuple[str, str] | None:
    """(what failed, what to do) when a connect error was caused by a failed TLS handshake, else None. The
    handshake ends before the request's first byte, so nothing was sent, as with any connect error."""
    cause = _ssl_cause(exc)
    if isinstance(cause, ssl.SSLCertVerificationError):
        return (
            f"the server's certificate was refused ({cause.verify_message or cause.reason})",
            "check the host name in MGW_BASE_URL / MGW_APPS_URL / MGW_AUTH_URL, and trust the CA that signed the "
            "gateway's certificate with MGW_CA_BUNDLE (or the operating system's store with MGW_TLS_TRUSTSTORE=1)",
        )
    if cause is not None:
        return (f"{cause.reason or cause}", _CLIENT_CERT_REMEDY)
    return None


_CLIENT_CERT_REMEDY = (
    "if the gateway demands a client certificate (mutual TLS), set MGW_TLS_CLIENT_CERT and MGW_TLS_CLIENT_KEY "
    "(cert= on the gateway) to one its CA signed"
)


def refused_client_certificate(exc: BaseException | None) -> str | None:
    """What to do when the server's TLS alert says it refused this client's certificate (or its absence), else
    None. Under TLS 1.3 the client writes its request before the server has checked its certificate, so the
    alert arrives after the first byte: the attempt still counts as maybe sent (the phase rule), and this only
    says why it failed."""
    cause = _ssl_cause(exc)
    reason = (cause.reason or "") if cause is not None else ""
    if "ALERT" not in reason or not any(word in reason for word in _CERTIFICATE_ALERTS):
        return None
    return (
        f"the gateway's TLS server refused this client's certificate (alert {reason}); {_CLIENT_CERT_REMEDY}. "
        "TLS 1.3 lets the request be written before the server checks the certificate, so this attempt counts "
        "as possibly sent"
    )


_CERTIFICATE_ALERTS = ("CERTIFICATE", "UNKNOWN_CA", "ACCESS_DENIED")


def _ssl_cause(exc: BaseException | None) -> ssl.SSLError | None:
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, ssl.SSLError):
            return exc
        exc = exc.__cause__ or exc.__context__
    return None
