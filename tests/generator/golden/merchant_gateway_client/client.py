# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
"""Client configuration (three hosts, salt, timeout), X-VERIFY signing and the payload helpers.

Endpoints never sign themselves: they attach `extensions={"mgw_signing": {...}}` (mode and the spec's
signing path) to the request and pass `XVerifyAuth`, which signs the final request bytes in one place.
"""

import base64
import hashlib
import json
import ssl
from collections.abc import AsyncGenerator, Generator, Mapping
from typing import Any, Literal, Self

import httpx
from attrs import define, evolve, field

Host = Literal["base", "apps", "auth"]
SigningMode = Literal["body", "path", "none"]
BodyWrapping = Literal["base64-json", "json", "form", "none"]
Retry = Literal["safe", "reconcile-first", "never"]
SIGNING_EXTENSION = "mgw_signing"
DEFAULT_TIMEOUT = httpx.Timeout(30.0, connect=5.0)


# One encoder for every payload: json.dumps with non-default options would build a new JSONEncoder per call.
_COMPACT_JSON = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def encode_payload(payload: Mapping[str, Any]) -> str:
    """Base64 (standard, padded) of the compact UTF-8 JSON of `payload`: the value of the wire `request` field."""
    raw = _COMPACT_JSON.encode(payload).encode("utf-8")
    return base64.b64encode(raw).decode("ascii")


def base64_json_body(encoded: str) -> bytes:
    """The wire body `{"request": <encoded>}` as compact UTF-8 JSON: byte for byte what httpx's `json=` sends.

    Base64 characters need no JSON escaping, so the string is placed as is.
    """
    return b'{"request":"' + encoded.encode("ascii") + b'"}'


def x_verify(message: str, salt_key: str, salt_index: str | int) -> str:
    """X-VERIFY value: hex SHA-256 of `message + salt_key`, then `###` and the salt index.

    `message` is the base64 request + signing path (body mode) or the filled signing path (path mode).
    """
    digest = hashlib.sha256((message + salt_key).encode("utf-8")).hexdigest()
    return f"{digest}###{salt_index}"


class SigningError(ValueError):
    """A request marked for signing cannot be signed (no salt key, or no base64 `request` in the body)."""


class XVerifyAuth(httpx.Auth):
    """Sets X-VERIFY from the request's `mgw_signing` extension: {"mode": "body"|"path"|"none", "path": str,
    "required": bool, "request": str (body mode, optional: the base64 payload the endpoint wrapped)}. The path is the spec's signing path (filled), never the URL path, which may carry a
    base-URL prefix and percent-encoding.
    """

    requires_request_body = True

    def __init__(self, salt_key: str, salt_index: str | int = "1") -> None:
        self._salt_key = salt_key
        self._salt_index = str(salt_index)

    def __repr__(self) -> str:
        return f"XVerifyAuth(salt_key=<hidden>, salt_index={self._salt_index!r})"

    def sign(self, request: httpx.Request) -> None:
        signing = request.extensions.get(SIGNING_EXTENSION)
        if not signing or signing.get("mode", "none") == "none":
            return
        if not self._salt_key:
            if signing.get("required", True):
                raise SigningError("this operation is signed: configure the client with salt_key and salt_index")
            return
        mode, path = signing["mode"], signing["path"]
        if mode == "body":
            encoded = signing.get("request")
            # fast path: the endpoint put the base64 string in the extension; it is signed only when the body
            # about to be sent is exactly {"request": <that string>} (else the body itself is parsed)
            if not isinstance(encoded, str) or request.content != base64_json_body(encoded):
                try:
                    encoded = json.loads(request.content)["request"]
                except (ValueError, KeyError, TypeError) as err:
                    raise SigningError('body signing needs a JSON body {"request": <base64>}') from err
            if not isinstance(encoded, str):
                raise SigningError("body signing needs a string `request` field")
            message = encoded + path
        elif mode == "path":
            message = path
        else:
            raise SigningError(f"unknown signing mode {mode!r}")
        request.headers["X-VERIFY"] = x_verify(message, self._salt_key, self._salt_index)

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        self.sign(request)
        yield request

    # httpx.Auth's own sync/async flows wrap auth_flow in a second generator; one request, no response body
    # needed: read the body (requires_request_body), sign, send once.
    def sync_auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        request.read()
        self.sign(request)
        yield request

    async def async_auth_flow(self, request: httpx.Request) -> AsyncGenerator[httpx.Request, httpx.Response]:
        await request.aread()
        self.sign(request)
        yield request


@define
class Client:
    """Configuration shared by all endpoint functions.

    Args:
        base_url: main host, may carry a path prefix (e.g. ``http://127.0.0.1:8080/apis/pg-sandbox``).
        apps_url: host of the single-sign-on, SDK-less and apps-host calls.
        auth_url: host of the token call.
        salt_key: pre-shared salt key for X-VERIFY (kept out of repr).
        salt_index: index of that salt, sent after ``###``.
        timeout: httpx timeout; 30 s overall, 5 s to connect unless given.
        headers, cookies: sent with every request (kept out of repr: they may carry tokens).
        verify_ssl, follow_redirects, httpx_args: passed to the httpx clients this object builds.
        raise_on_unexpected_status: raise errors.UnexpectedStatus on an undocumented status code.
    """

    _base_url: str = field(alias="base_url")
    _apps_url: str = field(default="", alias="apps_url")
    _auth_url: str = field(default="", alias="auth_url")
    _salt_key: str = field(default="", alias="salt_key", repr=False)
    _salt_index: str = field(default="1", alias="salt_index", converter=str)
    _timeout: httpx.Timeout | None = field(default=DEFAULT_TIMEOUT, kw_only=True, alias="timeout")
    _headers: dict[str, str] = field(factory=dict, kw_only=True, alias="headers", repr=False)
    _cookies: dict[str, str] = field(factory=dict, kw_only=True, alias="cookies", repr=False)
    _verify_ssl: str | bool | ssl.SSLContext = field(default=True, kw_only=True, alias="verify_ssl")
    _follow_redirects: bool = field(default=False, kw_only=True, alias="follow_redirects")
    _httpx_args: dict[str, Any] = field(factory=dict, kw_only=True, alias="httpx_args", repr=False)
    raise_on_unexpected_status: bool = field(default=False, kw_only=True)
    _client: httpx.Client | None = field(default=None, init=False, repr=False)
    _async_client: httpx.AsyncClient | None = field(default=None, init=False, repr=False)
    _signing_auth: XVerifyAuth | None = field(default=None, init=False, repr=False, eq=False)

    @property
    def base_url(self) -> str:
        return self._base_url

    @property
    def apps_url(self) -> str:
        return self._apps_url

    @property
    def auth_url(self) -> str:
        return self._auth_url

    @property
    def salt_index(self) -> str:
        return self._salt_index

    @property
    def signing_auth(self) -> XVerifyAuth:
        """The httpx.Auth that signs requests of this client (endpoints pass it per request; built once)."""
        auth = self._signing_auth
        if auth is None:
            auth = self._signing_auth = XVerifyAuth(self._salt_key, self._salt_index)
        return auth

    def url_for(self, host: Host, path: str) -> str:
        """Absolute URL of `path` on one of the three hosts (keeps any path prefix of the host URL)."""
        if host == "base":
            root = self._base_url
        elif host == "apps":
            root = self._apps_url
        elif host == "auth":
            root = self._auth_url
        else:
            raise KeyError(host)
        if not root:
            raise ValueError(f"this operation is served by the {host} host: configure Client({host}_url=...)")
        return root.rstrip("/") + path

    def with_headers(self, headers: dict[str, str]) -> "Client":
        """Get a new client matching this one with additional headers"""
        if self._client is not None:
            self._client.headers.update(headers)
        if self._async_client is not None:
            self._async_client.headers.update(headers)
        return evolve(self, headers={**self._headers, **headers})

    def with_cookies(self, cookies: dict[str, str]) -> "Client":
        """Get a new client matching this one with additional cookies"""
        if self._client is not None:
            self._client.cookies.update(cookies)
        if self._async_client is not None:
            self._async_client.cookies.update(cookies)
        return evolve(self, cookies={**self._cookies, **cookies})

    def with_timeout(self, timeout: httpx.Timeout) -> "Client":
        """Get a new client matching this one with a new timeout configuration"""
        if self._client is not None:
            self._client.timeout = timeout
        if self._async_client is not None:
            self._async_client.timeout = timeout
        return evolve(self, timeout=timeout)

    def set_httpx_client(self, client: httpx.Client) -> Self:
        """Use this httpx.Client (its own base_url, headers and timeout then apply; signing still does)."""
        self._client = client
        return self

    def get_httpx_client(self) -> httpx.Client:
        """Get the underlying httpx.Client, constructing a new one if not previously set"""
        if self._client is None:
            self._client = httpx.Client(
                base_url=self._base_url,
                cookies=self._cookies,
                headers=self._headers,
                timeout=self._timeout,
                verify=self._verify_ssl,
                follow_redirects=self._follow_redirects,
                **self._httpx_args,
            )
        return self._client

    def __enter__(self) -> Self:
        """Enter a context manager for self.client—you cannot enter twice (see httpx docs)"""
        self.get_httpx_client().__enter__()
        return self

    def __exit__(self, *args: Any, **kwargs: Any) -> None:
        """Exit a context manager for internal httpx.Client (see httpx docs)"""
        self.get_httpx_client().__exit__(*args, **kwargs)

    def set_async_httpx_client(self, async_client: httpx.AsyncClient) -> Self:
        """Use this httpx.AsyncClient (its own base_url, headers and timeout then apply; signing still does)."""
        self._async_client = async_client
        return self

    def get_async_httpx_client(self) -> httpx.AsyncClient:
        """Get the underlying httpx.AsyncClient, constructing a new one if not previously set"""
        if self._async_client is None:
            self._async_client = httpx.AsyncClient(
                base_url=self._base_url,
                cookies=self._cookies,
                headers=self._headers,
                timeout=self._timeout,
                verify=self._verify_ssl,
                follow_redirects=self._follow_redirects,
                **self._httpx_args,
            )
        return self._async_client

    async def __aenter__(self) -> Self:
        """Enter a context manager for underlying httpx.AsyncClient—you cannot enter twice (see httpx docs)"""
        await self.get_async_httpx_client().__aenter__()
        return self

    async def __aexit__(self, *args: Any, **kwargs: Any) -> None:
        """Exit a context manager for underlying httpx.AsyncClient (see httpx docs)"""
        await self.get_async_httpx_client().__aexit__(*args, **kwargs)


# Kept for code written against the stock generated client: there is one client class.
AuthenticatedClient = Client

__all__ = [
    "DEFAULT_TIMEOUT",
    "SIGNING_EXTENSION",
    "AuthenticatedClient",
    "BodyWrapping",
    "Client",
    "Host",
    "Retry",
    "SigningMode",
    "SigningError",
    "XVerifyAuth",
    "base64_json_body",
    "encode_payload",
    "x_verify",
]
