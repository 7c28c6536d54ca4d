"""Configuration of one merchant: hosts, merchant id, salts, client credentials, timeouts.

Why this module exists: every Gateway is built from one immutable :class:`GatewayConfig` (no module-level
state), so several merchants can live in one process. Configuration is validated eagerly and a bad value
raises :class:`ConfigurationError` naming the variable, before any request is made.

The interface document does not show the sandbox or production host names, so for ``MGW_ENV=sandbox`` and
``production`` all three URLs must be given; ``local`` defaults to the local sandbox on 127.0.0.1:8080.
"""

from __future__ import annotations

import functools
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Literal, TypedDict, get_args

from .errors import ConfigurationError
from .retry import RetryPolicy
from .tls import Cert, TlsOptions, Verify, check, tls_from_env

if TYPE_CHECKING:
    from typing import Unpack

    import httpx

Environment = Literal["local", "sandbox", "production"]
ENVIRONMENTS: tuple[str, ...] = get_args(Environment)
LOCAL_BASE_URL = "http://127.0.0.1:8080/apis/pg-sandbox"
LOCAL_APPS_URL = "http://127.0.0.1:8080/apis/apps"
LOCAL_AUTH_URL = "http://127.0.0.1:8080/apis/identity-manager"
DEFAULT_TIMEOUT = 15.0  # seconds for one attempt, connect to last byte (httpx clients generated with none wait forever)
DEFAULT_CONNECT_TIMEOUT = 5.0
MAX_ANSWER_BYTES = 4 * 1024 * 1024  # gateway answers are small JSON envelopes; 4 MiB is generous

# Public argument name -> environment variable, so every error names the variable the user actually sets.
ENV_VARS = {
    "environment": "MGW_ENV",
    "base_url": "MGW_BASE_URL",
    "apps_url": "MGW_APPS_URL",
    "auth_url": "MGW_AUTH_URL",
    "merchant_id": "MGW_MERCHANT_ID",
    "salt_key": "MGW_SALT_KEY",
    "salt_index": "MGW_SALT_INDEX",
    "client_id": "MGW_CLIENT_ID",
    "client_secret": "MGW_CLIENT_SECRET",
    "client_version": "MGW_CLIENT_VERSION",
    "location_base": "MGW_LOCATION_BASE",
}
# Settings given in seconds: read from their variable as a number (MGW_TIMEOUT=15, MGW_TOTAL_TIMEOUT=40).
SECONDS_ENV_VARS = {"timeout": "MGW_TIMEOUT", "total_timeout": "MGW_TOTAL_TIMEOUT"}
# What debitV3's relative Location is appended to (see GatewayConfig.location_base)
LocationBase = Literal["base_url", "origin"]
LOCATION_BASES: tuple[str, ...] = get_args(LocationBase)
# matched through re's own cache of compiled patterns: compiled with the first configuration, not at import
_SALT_INDEX = r"[0-9]{1,9}"
_MERCHANT_ID = r"[A-Za-z0-9._\-]{1,128}"


# What to set a missing value to: the remedy part of "is not set" (every message says what to do next)
_WHAT = {
    "environment": "local, sandbox or production",
    "merchant_id": "the merchant id received at onboarding",
    "salt_key": "the salt key received at onboarding",
    "salt_index": "the index received with that salt key, e.g. 1",
    "base_url": "the main service host received at onboarding",
    "apps_url": "the apps host received at onboarding",
    "auth_url": "the token host received at onboarding",
    "client_id": "the client id received at onboarding",
    "client_secret": "the client secret received at onboarding",
    "client_version": "the client version received at onboarding",
}


def _fail(name: str, problem: str) -> ConfigurationError:
    return ConfigurationError(ENV_VARS.get(name, name), problem)


def _unset(name: str, problem: str = "is not set") -> ConfigurationError:
    what = _WHAT.get(name, "a value")
    return _fail(name, f"{problem}: set {ENV_VARS.get(name, name)} (or pass {name}=) to {what}")


def _not_a_setting(name: str, names: set[str]) -> ConfigurationError:
    import difflib  # only on this error path: importing it up front would slow every `import merchant_gateway`

    close = difflib.get_close_matches(name, sorted(names), n=1)
    hint = f"did you mean {close[0]}?" if close else f"settings are {', '.join(sorted(names))}"
    return ConfigurationError(name, f"is not a setting; {hint}")


class GatewaySettings(TypedDict, total=False):
    """The fields of :class:`GatewayConfig` as keywords of ``Gateway(...)``, ``AsyncGateway(...)``, their
    ``from_env(...)``, ``GatewayConfig.from_env(...)`` and ``with_changes(...)``.

    Why a TypedDict: the constructors take settings as ``**settings``, and this gives each one its name and type,
    so a misspelt or mistyped setting fails type checking (and, at run time, raises ConfigurationError naming it).
    Kept equal to GatewayConfig's fields by tests/unit/config/test_typed_settings.py; ``environment`` and
    ``location_base`` are narrowed to their allowed values.
    """

    merchant_id: str
    salt_key: str
    salt_index: str
    environment: Environment
    base_url: str | None
    apps_url: str | None
    auth_url: str | None
    client_id: str | None
    client_secret: str | None
    client_version: str | None
    extra_salts: Mapping[str, str]
    timeout: float
    total_timeout: float | None
    connect_timeout: float
    max_answer_bytes: int
    retry: RetryPolicy
    token_refresh_margin: float
    max_in_flight: int
    reconcile_grace: float
    location_base: LocationBase
    verify: Verify
    cert: Cert | None
    cert_password: str | None
    truststore: bool


@dataclass(frozen=True)
class GatewayConfig:
    """Validated settings of one merchant. Secrets are excluded from ``repr``."""

    merchant_id: str
    salt_key: str = field(repr=False)
    salt_index: str
    environment: str = "local"
    base_url: str | None = None
    apps_url: str | None = None
    auth_url: str | None = None
    client_id: str | None = None
    client_secret: str | None = field(default=None, repr=False)
    client_version: str | None = None
    #: other salt index -> salt key pairs accepted when verifying callbacks (the signing salt is always accepted)
    extra_salts: Mapping[str, str] = field(default_factory=dict, repr=False)
    #: seconds one attempt may take in all, connect to last byte (also the bound of each read, write, pool wait);
    #: MGW_TIMEOUT
    timeout: float = DEFAULT_TIMEOUT
    #: seconds one call may take in all, every attempt and every wait between them (None: no bound beyond
    #: ``timeout`` per attempt and the retry policy). No attempt starts, and no wait before a retry begins, that
    #: would end past it; an attempt's own deadline is cut to the time left. MGW_TOTAL_TIMEOUT
    total_timeout: float | None = None
    connect_timeout: float = DEFAULT_CONNECT_TIMEOUT
    #: answers above this many bytes (raw or decoded) fail like a dropped connection: gateway answers are small
    max_answer_bytes: int = MAX_ANSWER_BYTES
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    #: refresh the authorization token this many seconds before it expires
    token_refresh_margin: float = 60.0
    #: requests one Gateway has on the wire at once; the rest wait their turn locally. Without a bound, a burst
    #: of calls queues inside httpcore's pool, whose async flavour slows down with every queued request, and
    #: ends in PoolTimeout (docs/performance.md, "The concurrency default", measures the choice of 16: httpcore's
    #: pool costs grow with the connections in use). It is also the pool size, so it is the most connections one
    #: Gateway opens to a host, and over a real network it caps one Gateway's throughput at 16 / one call's latency.
    #: Raise it for high-latency, high-volume use, after measuring; lower it if the gateway limits connections (its
    #: limit is not shown).
    max_in_flight: int = 16
    #: after an OutcomeUnknown, TRANSACTION_NOT_FOUND from reconcile() is trusted only once this many seconds
    #: have passed: the request this client gave up on may still be on its way or in processing
    reconcile_grace: float = 60.0
    #: what debitV3's relative Location (the payments page) is appended to. The interface document: "the location
    #: is appended to the host", where {base_url} is "the main service host". ``base_url`` (default) reads that
    #: host as the configured base URL, path prefix included (https://gw.example/apis/pg + /pay/1); ``origin`` as
    #: its scheme and authority alone (https://gw.example/pay/1). The two differ only when the base URL has a path
    #: prefix; which one a gateway behind such a prefix means is not shown in the document. MGW_LOCATION_BASE.
    location_base: str = "base_url"
    #: TLS (merchant_gateway/tls.py), as httpx's ``verify=``: True (default) trusts certifi's bundle (or the one
    #: SSL_CERT_FILE / SSL_CERT_DIR name); a path, that CA bundle file or directory (MGW_CA_BUNDLE: a private CA);
    #: an ``ssl.SSLContext``, used as given; False (MGW_TLS_VERIFY=false), no verification (refused in production)
    verify: Verify = True
    #: the client certificate for mutual TLS: one PEM file with certificate and key, or a (certificate, key) pair
    #: of paths (MGW_TLS_CLIENT_CERT, MGW_TLS_CLIENT_KEY); ``cert_password`` unlocks an encrypted key
    #: (MGW_TLS_CLIENT_KEY_PASSWORD)
    cert: Cert | None = None
    cert_password: str | None = field(default=None, repr=False)
    #: trust the operating system's certificate store instead of certifi's bundle (MGW_TLS_TRUSTSTORE=1; the extra
    #: merchant-gateway-client[truststore]): corporate networks whose proxies present an internal CA
    truststore: bool = False

    def __post_init__(self) -> None:
        if self.environment not in ENVIRONMENTS:
            raise _fail(
                "environment",
                f"must be one of {', '.join(ENVIRONMENTS)}: local for the local sandbox, sandbox or production "
                "with MGW_BASE_URL, MGW_APPS_URL and MGW_AUTH_URL set",
            )
        _require_str(self.merchant_id, "merchant_id")
        if not re.fullmatch(_MERCHANT_ID, self.merchant_id) or self.merchant_id in (".", ".."):
            raise _fail(
                "merchant_id",
                "must be 1-128 characters of letters, digits, '.', '_' or '-', and not '.' or '..' (a URL path "
                "drops that segment): use the merchant id exactly as received at onboarding",
            )
        _require_str(self.salt_key, "salt_key")
        if self.salt_key != self.salt_key.strip():
            raise _fail(
                "salt_key", "has leading or trailing whitespace: remove it (a copied key often ends in a newline)"
            )
        _require_str(self.salt_index, "salt_index")
        if not re.fullmatch(_SALT_INDEX, self.salt_index):
            raise _fail("salt_index", "must be a decimal number such as 1: use the index received with the salt key")
        for index, key in self.extra_salts.items():
            if not isinstance(index, str) or not re.fullmatch(_SALT_INDEX, index):
                raise _fail("extra_salts", 'salt indexes must be decimal numbers, e.g. extra_salts={"2": "<salt key>"}')
            if not isinstance(key, str) or not key or key != key.strip():
                raise _fail(
                    "extra_salts",
                    f"salt key for index {index} is empty or has whitespace: give the key exactly as received",
                )
        defaults = (LOCAL_BASE_URL, LOCAL_APPS_URL, LOCAL_AUTH_URL)
        for name, default in zip(("base_url", "apps_url", "auth_url"), defaults, strict=True):
            value = getattr(self, name)
            if value is None:
                if self.environment != "local":
                    raise _unset(name, f"is required when MGW_ENV={self.environment} (host names are not built in)")
                value = default
            object.__setattr__(self, name, _check_url(value, name, https=self.environment == "production"))
        if (self.client_id is None) != (self.client_secret is None):
            raise _fail(
                "client_secret" if self.client_secret is None else "client_id",
                "client id and client secret must be given together: set both MGW_CLIENT_ID and MGW_CLIENT_SECRET, or "
                "neither (they are needed only for the authorization-token call)",
            )
        if self.client_id is not None:
            _require_str(self.client_id, "client_id")
            _require_str(self.client_secret, "client_secret")
            if self.client_version is None:
                if self.environment == "production":
                    raise _unset("client_version", "is required in production")
                object.__setattr__(self, "client_version", "1")  # the documented sandbox value
            _require_str(self.client_version, "client_version")
        if type(self.max_answer_bytes) is not int or not 1024 <= self.max_answer_bytes <= 1 << 30:
            raise _fail(
                "max_answer_bytes", "must be an integer from 1024 to 1073741824: leave it out for the default 4 MiB"
            )
        if type(self.max_in_flight) is not int or not 1 <= self.max_in_flight <= 1000:
            raise _fail("max_in_flight", "must be an integer from 1 to 1000: leave it out for the default 16")
        if self.location_base not in LOCATION_BASES:
            raise _fail(
                "location_base",
                f"must be one of {', '.join(LOCATION_BASES)} (got {str(self.location_base)[:40]!r}): base_url appends "
                "debitV3's relative Location to the base URL with its path prefix, origin to its scheme and host",
            )
        for name in ("timeout", "total_timeout", "connect_timeout", "token_refresh_margin", "reconcile_grace"):
            value = getattr(self, name)
            if value is None and name == "total_timeout":
                continue
            if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value <= 0:
                raise _fail(name, f"must be a finite number of seconds > 0, e.g. {name}=15")
        verify, cert = check(
            self.verify, self.cert, self.cert_password, self.truststore, production=self.environment == "production"
        )
        object.__setattr__(self, "verify", verify)
        object.__setattr__(self, "cert", cert)

    # resolved in __post_init__; these properties give mypy the non-optional types
    @property
    def base(self) -> str:
        assert self.base_url is not None
        return self.base_url

    @property
    def location_root(self) -> str:
        """What a relative Location (debitV3's payments page) is appended to: the base URL, or its origin
        (``location_base``)."""
        if self.location_base == "origin":
            import httpx

            url = httpx.URL(self.base)
            return str(url.copy_with(path="/", query=None, fragment=None)).rstrip("/")
        return self.base

    @property
    def apps(self) -> str:
        assert self.apps_url is not None
        return self.apps_url

    @property
    def auth(self) -> str:
        assert self.auth_url is not None
        return self.auth_url

    @property
    def salts(self) -> dict[str, str]:
        """Salt index -> key accepted for callback verification."""
        return {**self.extra_salts, self.salt_index: self.salt_key}

    @property
    def has_client_credentials(self) -> bool:
        return self.client_id is not None

    def httpx_timeout(self) -> httpx.Timeout:
        import httpx

        return httpx.Timeout(self.timeout, connect=self.connect_timeout)

    def tls_options(self) -> TlsOptions:
        """The TLS settings as the transports' keywords: ``GatewayTransport(..., **config.tls_options())``."""
        return TlsOptions(
            verify=self.verify, cert=self.cert, cert_password=self.cert_password, truststore=self.truststore
        )

    @classmethod
    def from_settings(cls, settings: Mapping[str, object]) -> GatewayConfig:
        """``GatewayConfig(**settings)``, but a missing or unknown setting is a ConfigurationError naming it
        (with the MGW_* variable), not a TypeError from the constructor."""
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(settings) - names)
        if unknown:
            raise _not_a_setting(unknown[0], names)
        missing = [n for n in ("merchant_id", "salt_key", "salt_index") if n not in settings]
        if missing:
            raise _unset(missing[0], "is missing")
        return cls(**settings)  # type: ignore[arg-type]

    def with_changes(self, **changes: Unpack[GatewaySettings]) -> GatewayConfig:
        """A copy with ``changes`` applied (validated again); an unknown name is a ConfigurationError naming it."""
        names = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise _not_a_setting(unknown[0], names)
        return replace(self, **changes)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Unpack[GatewaySettings]) -> GatewayConfig:
        """Read the MGW_* variables (``environ`` defaults to ``os.environ``). Empty values count as missing.

        MGW_ENV defaults to ``local``. MGW_MERCHANT_ID, MGW_SALT_KEY and MGW_SALT_INDEX are required, unless given
        in ``overrides``, which win over the variables.
        """
        env = os.environ if environ is None else environ
        _warn_unknown_names(env)
        values: dict[str, object] = {}
        for name, var in ENV_VARS.items():
            raw = env.get(var)
            if raw is not None and raw != "":
                values[name] = raw
        values.update(tls_from_env(env))
        for name, var in SECONDS_ENV_VARS.items():
            raw = env.get(var)
            if raw is not None and raw != "":
                values[name] = _seconds(raw, name)
        values.setdefault("environment", "local")
        for required in ("merchant_id", "salt_key", "salt_index"):
            if required not in values and required not in overrides:
                raise _unset(required)
        values.update(overrides)
        return cls.from_settings(values)  # an unknown override: a ConfigurationError naming it


def _warn_unknown_names(env: Mapping[str, str]) -> None:
    """A misspelt MGW_* variable is otherwise silently ignored (MGW_ENVIRONMENT=production leaves the client on the
    local sandbox): warn, naming the closest variable the package reads."""
    unknown = [n for n in env if n.startswith("MGW_") and n not in _READ_HERE]
    if not unknown:
        return
    known = _known_names()
    for name in sorted(set(unknown) - known):
        import difflib  # only on this path: importing it up front would slow every `import merchant_gateway`
        import warnings

        close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
        listed = ", ".join(ENV_VARS.values())
        hint = f"did you mean {close[0]}?" if close else f"the variables it reads include {listed}"
        warnings.warn(
            f"{name} is set but merchant_gateway reads no such variable, so it is ignored: {hint} "
            "(rename it; README.md, Configuration, lists them)",
            UserWarning,
            stacklevel=3,
        )


_READ_HERE = frozenset(ENV_VARS.values()) | frozenset(SECONDS_ENV_VARS.values())


@functools.cache
def _known_names() -> frozenset[str]:
    """Every MGW_* name the package reads anywhere (configuration, TLS, ledger, demo...), from its own source: each
    is a whole string literal there ("MGW_LEDGER_URL"); a list kept by hand would fall behind the next variable."""
    from pathlib import Path

    names: set[str] = set(_READ_HERE)
    for path in Path(__file__).resolve().parent.rglob("*.py"):
        names.update(re.findall(r"[\"'](MGW_[A-Z0-9_]*[A-Z0-9])[\"']", path.read_text(encoding="utf-8")))
    return frozenset(names)


def _seconds(raw: str, name: str) -> float:
    try:
        return float(raw)
    except ValueError:
        raise _fail(name, f"must be a number of seconds, e.g. {SECONDS_ENV_VARS[name]}=15 (got {raw[:40]!r})") from None


def _require_str(value: object, name: str) -> None:
    if value is None:
        raise _unset(name, "is missing")
    if not isinstance(value, str):
        example = "1" if name == "salt_index" else "..."
        raise _fail(name, f'must be a string, got {type(value).__name__}: pass it quoted, e.g. {name}="{example}"')
    if not value:
        raise _unset(name, "is empty")
    if not value.isascii() or not value.isprintable():
        if value.strip().isascii() and value.strip().isprintable():
            raise _fail(name, "has leading or trailing whitespace: remove it (a copied key often ends in a newline)")
        raise _fail(name, "must be printable ASCII: copy it again as received, without line breaks")


def _check_url(value: object, name: str, *, https: bool) -> str:
    _require_str(value, name)
    assert isinstance(value, str)
    # httpx (with what it imports, the largest part of importing this package) loads with the first URL checked,
    # not with this module: the CLI and the ledger import the configuration without always building one
    import httpx

    try:
        url = httpx.URL(value)
    except (httpx.InvalidURL, ValueError) as exc:
        raise _fail(name, "is not a valid URL: give it as https://host[:port][/path prefix]") from exc
    if url.scheme not in ("http", "https") or not url.host:
        raise _fail(name, "must be an absolute http(s) URL: give it with its scheme, e.g. https://gw.example/apis")
    if https and url.scheme != "https":
        raise _fail(name, "must use https in production: use the https URL received at onboarding")
    if url.query or url.fragment or url.userinfo:
        raise _fail(
            name, "must not contain a query, fragment or credentials: give only scheme, host and any path prefix"
        )
    return value.rstrip("/")
