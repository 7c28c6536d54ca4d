"""Whether a request the gateway rejected for its token may be sent again, with a fresh token, without the merchant.

Why this module exists: the interface document shows neither HTTP 401 nor what a rejected token means for the
request that carried it: it does not show that a rejection guarantees nothing was done. So a rejection is treated
like any failure once a request may have been sent (the spec's "Retries" rule, spec/README.md): a request is re-sent
automatically only when it cannot move money, i.e. the operation its method and path name says ``x-retry: safe``
(every operation they can name, when several can). A money move is never
re-sent: its rejection is returned to the caller, who decides (the token is refreshed for the next request either
way). A request that names no operation of the spec (the standard checkout calls the token is for: create payment,
status, refund, none of them in the interface document) is re-sent only when the caller's ``resend`` says so:
an operation the spec does not know has no known retry rule, so it fails closed (``never``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

import httpx

Resend = Callable[[httpx.Request], bool]


def never(request: httpx.Request) -> bool:
    """The default for requests outside the spec: not re-sent (the caller sees the rejection and decides)."""
    return False


@functools.cache
def _routes() -> tuple[tuple[str, re.Pattern[str], str], ...]:
    """(method, pattern of the path's end, x-retry) per operation of the shipped operations.json; read with the first
    rejection (a payment call needs none)."""
    from .. import artifacts

    routes = []
    for facts in artifacts.read_json("operations.json")["operations"].values():
        parts = re.split(r"\{[^/{}]+\}", facts["path"])
        pattern = re.compile("[^/]+".join(re.escape(part) for part in parts) + "$")
        routes.append((str(facts["method"]).upper(), pattern, str(facts["retry"])))
    return tuple(routes)


def may_resend(request: httpx.Request, resend: Resend) -> bool:
    """True when ``request``, rejected for its token, may be sent once more with a fresh token.

    The path is matched at its end, so a base URL with a path prefix (the local sandbox's ``/apis/pg-sandbox``) still
    names its operation."""
    path = request.url.path
    retries = {retry for method, pattern, retry in _routes() if method == request.method and pattern.search(path)}
    if retries:
        return retries == {"safe"}
    return resend(request)
