"""The event loops the async tests run a coroutine on: asyncio's own, and uvloop, the loop ``uvicorn[standard]``
serves an application on."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


def run_on_asyncio(coroutine: Coroutine[Any, Any, Any]) -> Any:
    return asyncio.run(coroutine)


def run_on_uvloop(coroutine: Coroutine[Any, Any, Any]) -> Any:
    import uvloop

    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(coroutine)
