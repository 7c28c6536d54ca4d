"""A wire case of its own (issue 24): a gateway that answers every request with 100-Continue heads for ever.

The only acceptable outcome is the corpus's FAIL (OutcomeUnknown for money-moving and never-retry calls, after
exactly one request): test_corpus.py's runner and judge, on every shipped transport, sync and async, direct and
proxied. And the client must give up after about the answer cap's worth of heads, not hold them until the
deadline: the bytes the server manages to write for one request stay within the cap plus room for one head and the
kernel's socket buffers. Without that bound the flood runs until the 5 s deadline, hundreds of megabytes on
loopback (768 MB in one measured run)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from hostile_server import Exchange, HostileServer, socket_buffers_ceiling
from merchant_gateway.config import MAX_ANSWER_BYTES
from test_corpus import OPS, Case, Expect, Op
from test_corpus import test_wire as run_case

if TYPE_CHECKING:  # the fixture's type only: "conftest" is a bare module name several test folders share
    from conftest import Transport

INTERIM = b"HTTP/1.1 100 Continue\r\nX-Filler: " + b"a" * 15_000 + b"\r\n\r\n"  # 15 KB of headers each
# what the server may write beyond the cap: a head's room (with margin) and what the kernel's socket buffers take
# between the client giving up and its close (the proxied variant's proxy is the server itself: one connection)
SLACK = 1024 * 1024 + socket_buffers_ceiling()


def flood(sent: list[int]) -> Callable[[Exchange], bool]:
    """Interim heads until the client goes away; ``sent`` gets the bytes written for each request."""

    def behaviour(x: Exchange) -> bool:
        sent.append(0)
        while x.send(INTERIM):
            sent[-1] += len(INTERIM)
        return False

    return behaviour


@pytest.mark.parametrize("op", list(OPS.values()), ids=list(OPS))
def test_interim_flood(
    op: Op, transport: Transport, hostile: Callable[..., HostileServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[int] = []
    case = Case("interim_flood", flood(sent), Expect.FAIL, chained=True)
    run_case(case, op, transport, hostile, monkeypatch)
    assert sent, "the server sent no interim heads"
    assert max(sent) <= MAX_ANSWER_BYTES + SLACK, f"{max(sent)} bytes of interim heads for one request"
