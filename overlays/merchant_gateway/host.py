"""Deprecated: the old name of :mod:`merchant_gateway.abstract`, kept for one minor version (removed in 3.1.0).

Why this module exists: "host" also names the gateway's three hosts (base, apps, auth: the generated ``Host``, an
operation's ``host``, the span attribute ``merchant_gateway.host``), so the abstract gateway the task layer and the
flows depend on moved to ``merchant_gateway.abstract``, one meaning per word, and its classes were renamed for what
they hold (``GatewayHost`` -> ``AbstractGateway``, ``AsyncGatewayHost`` -> ``AsyncAbstractGateway``). Code that
imports the old names from here still gets the very same classes (a test double subclassing them keeps working);
each name read warns (``DeprecationWarning`` at the caller's line, naming the new module and name). Nothing here is
loaded by ``import merchant_gateway``, and the new module loads only when a name is read.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a type checker sees the very classes (a double subclassing an old name stays typed, not Any)
    from . import abstract

    GatewayHost = abstract.AbstractGateway
    AsyncGatewayHost = abstract.AsyncAbstractGateway

NEW = "merchant_gateway.abstract"
REMOVED_IN = "3.1.0"
#: each old name this alias answers, and its name in merchant_gateway.abstract
RENAMED = {"GatewayHost": "AbstractGateway", "AsyncGatewayHost": "AsyncAbstractGateway"}
NAMES = tuple(RENAMED)
__all__ = list(NAMES)  # each read through __getattr__, which warns


def __getattr__(name: str) -> Any:
    if name not in RENAMED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    new_name = RENAMED[name]
    warnings.warn(
        f"merchant_gateway.host is deprecated and will be removed in {REMOVED_IN}: "
        f"{name} is now {new_name}, import {new_name} from {NEW}",
        DeprecationWarning,
        stacklevel=2,
    )
    from . import abstract

    return getattr(abstract, new_name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(NAMES))
