"""Names a package re-exports on first access (PEP 562), written once for the packages that do it.

Why this module exists: ``merchant_gateway``, ``.flows`` and ``.ledger`` each re-export names whose modules cost
import time (the generated client, httpx, the stores) that a process not using them need not pay. Each builds its
module-level ``__getattr__`` and ``__dir__`` here from a table of name -> module, so the lookup, the caching in the
package's namespace and the error for an unknown name are the same everywhere. The deprecated module aliases
(``merchant_gateway.host``, ``.hooks``) build theirs here too (:func:`moved`), so each warns the same way.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping
from typing import Any


def reexport(
    namespace: dict[str, Any], table: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package whose ``globals()`` is ``namespace``: each name of
    ``table`` imported from its module (a relative path such as ``".config"`` is relative to the package) when it is
    first read, then kept in the package's namespace so later reads are plain lookups."""
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        module = table.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(table))

    return __getattr__, __dir__


def moved(
    namespace: dict[str, Any], new_module: str, names: Mapping[str, str], removed_in: str
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of a deprecated module (``globals()`` is ``namespace``) whose names moved
    to ``new_module`` (absolute): each name of ``names`` (old name -> its name there) is the very object there,
    imported when read. Every read warns (``DeprecationWarning`` at the reader's line, naming the new module and
    name), so nothing is kept in the namespace."""
    module = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        new_name = names.get(name)
        if new_name is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        renamed = "" if new_name == name else f"{name} is now {new_name}, "
        warnings.warn(
            f"{module} is deprecated and will be removed in {removed_in}: {renamed}import {new_name} from {new_module}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(new_module), new_name)

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(names))

    return __getattr__, __dir__
