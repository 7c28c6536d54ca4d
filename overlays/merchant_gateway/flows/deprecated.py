"""Deprecated aliases of the flows: the old stand-alone names of what a task method now does, kept for one minor
version.

Why this module exists: a second public way to do a task (``flows.start_intent_payment`` beside
``gateway.payments.start_intent``, ``flows.link_user`` beside ``gateway.wallets.link``) doubles what a newcomer must
choose between and what must be kept in step. Each old name stays an alias that warns (``DeprecationWarning`` at
the caller's line, naming its replacement) and then does what it did. :data:`ALIASES` lists every alias made here;
``tools/api_map.py`` prints it in docs/api.md ("Deprecated aliases").
"""

from __future__ import annotations

import functools
import inspect
import warnings
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

REMOVED_IN = "3.1.0"
#: every deprecated name -> the one public way that replaces it (``Gateway.<namespace>.<method>``)
ALIASES: dict[str, str] = {}


def message(old: str) -> str:
    new = ALIASES[old].split(".", 1)[1]
    return f"{old} is deprecated and will be removed in {REMOVED_IN}: use gateway.{new}(...), the one public way"


def alias(
    name: str, replacement: str, target: Callable[P, R], module: str = "merchant_gateway.flows"
) -> Callable[P, R]:
    """``<module>.<name>``: ``target`` behind a DeprecationWarning naming ``replacement``."""
    old = f"{module}.{name}"
    ALIASES[old] = replacement

    @functools.wraps(target)
    def deprecated(*args: P.args, **kwargs: P.kwargs) -> R:
        warnings.warn(message(old), DeprecationWarning, stacklevel=2)
        return target(*args, **kwargs)

    deprecated.__name__ = deprecated.__qualname__ = name
    deprecated.__doc__ = f"Deprecated alias (removed in {REMOVED_IN}): {message(old)}."
    return deprecated


def async_alias(name: str, replacement: str, target: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """The awaited form of :func:`alias`."""
    old = f"merchant_gateway.flows.{name}"
    ALIASES[old] = replacement

    @functools.wraps(target)
    async def deprecated(*args: P.args, **kwargs: P.kwargs) -> R:
        warnings.warn(message(old), DeprecationWarning, stacklevel=2)
        return await target(*args, **kwargs)

    deprecated.__name__ = deprecated.__qualname__ = name
    deprecated.__doc__ = f"Deprecated alias (removed in {REMOVED_IN}): {message(old)}."
    return deprecated


def renamed_keyword(old: str, new: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A method's keyword that had another name before: ``old=`` still works as ``new=``, warning
    (``DeprecationWarning`` at the caller's line), for one minor version. Sync and async methods alike."""

    def attach(func: Callable[P, R]) -> Callable[P, R]:
        def rename(kwargs: dict[str, Any]) -> None:
            if old in kwargs and new in kwargs:  # as Python refuses one argument given twice: neither wins silently
                raise TypeError(f"{func.__qualname__}() got {old}= and {new}=, one argument twice: pass only {new}=")
            if old in kwargs:
                warnings.warn(
                    f"{func.__qualname__}({old}=...) is deprecated and will be removed in {REMOVED_IN}: pass it "
                    f"first, or as {new}=...",
                    DeprecationWarning,
                    stacklevel=3,
                )
                kwargs[new] = kwargs.pop(old)

        if inspect.iscoroutinefunction(func):

            @functools.wraps(func)
            async def renamed_async(*args: Any, **kwargs: Any) -> Any:
                rename(kwargs)
                return await func(*args, **kwargs)

            return renamed_async  # type: ignore[return-value]

        @functools.wraps(func)
        def renamed(*args: Any, **kwargs: Any) -> Any:
            rename(kwargs)
            return func(*args, **kwargs)

        return renamed

    return attach
