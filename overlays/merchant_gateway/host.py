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

from typing import TYPE_CHECKING

from ._lazy import moved

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


__getattr__, __dir__ = moved(globals(), NEW, RENAMED, REMOVED_IN)
