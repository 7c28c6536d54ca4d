"""The client where merchants run it, on its default transports against a real loopback server: AsyncGateway on
plain asyncio, on uvloop (what ``uvicorn[standard]`` serves on), on trio (directly and through anyio), one
AsyncGateway across two ``asyncio.run()`` loops, many threads sharing one sync Gateway, and a Gateway used again
after ``os.fork()`` (the child never sends on its parent's sockets, and the parent's keep working).

Every call must return its own answer, and every call must reach the server exactly once."""

from __future__ import annotations

import asyncio
import json
import os
import threading
import warnings
from collections.abc import Callable, Coroutine, Iterator
from typing import Any

import merchant_gateway as mg
import pytest
from hostile_server import Exchange, HostileServer, gateway_answer, response

from tests.support.event_loops import run_on_asyncio, run_on_uvloop
from tests.support.overlay import token_body


def well_behaved(x: Exchange) -> bool:
    return x.send(response(x.body))


@pytest.fixture
def server() -> Iterator[HostileServer]:
    with HostileServer(well_behaved) as one:
        yield one


def settings(server: HostileServer, **more: Any) -> dict[str, Any]:
    url = f"http://127.0.0.1:{server.port}"
    return {
        "merchant_id": "M1",
        "salt_key": "k",
        "salt_index": "1",
        "environment": "local",
        "base_url": url,
        "apps_url": url,
        "auth_url": url,
        "timeout": 10.0,
        **more,
    }


def own_status(result: Any, key: str) -> None:
    assert result.to_dict() == gateway_answer("get_transaction_status", key, "M1")


async def status_burst(gateway: mg.AsyncGateway, keys: list[str]) -> list[Any]:
    """All at once: more calls than ``max_in_flight``, so some wait for a slot on this loop."""
    return list(await asyncio.gather(*(gateway.get_transaction_status(key) for key in keys)))


async def debit_then_burst(gateway: mg.AsyncGateway, prefix: str) -> None:
    debit = await gateway.debit_v4_web(transaction_id=f"{prefix}D", amount=100, merchant_user_id="U1")
    assert debit.to_dict() == gateway_answer("debit_v4_web", f"{prefix}D", "M1")
    keys = [f"{prefix}S{i}" for i in range(6)]
    for key, result in zip(keys, await status_burst(gateway, keys), strict=True):
        own_status(result, key)


def each_call_once(server: HostileServer, calls: int) -> None:
    assert server.count() == calls
    seen = [s.key for s in server.requests]
    assert len(set(seen)) == calls, f"a call reached the server twice: {sorted(seen)}"


@pytest.mark.parametrize("run", [run_on_asyncio, run_on_uvloop], ids=["asyncio", "uvloop"])
def test_async_gateway_on_asyncio_and_uvloop(
    run: Callable[[Coroutine[Any, Any, Any]], Any], server: HostileServer
) -> None:
    async def main() -> None:
        async with mg.AsyncGateway(**settings(server, max_in_flight=2)) as gateway:
            await debit_then_burst(gateway, "TX")

    run(main())
    each_call_once(server, 7)


def test_async_gateway_on_trio(server: HostileServer) -> None:
    """trio.run and anyio.run(backend="trio"): the default transport runs on anyio, the in-flight bound is
    trio's semaphore."""
    import anyio

    trio = pytest.importorskip("trio")  # not in make test-lowest: its anyio predates trio's current API

    async def main(prefix: str) -> None:
        gateway = mg.AsyncGateway(**settings(server, max_in_flight=2))
        try:
            debit = await gateway.debit_v4_web(transaction_id=f"{prefix}D", amount=100, merchant_user_id="U1")
            assert debit.to_dict() == gateway_answer("debit_v4_web", f"{prefix}D", "M1")
            results: dict[str, Any] = {}

            async def one(key: str) -> None:
                results[key] = await gateway.get_transaction_status(key)

            async with trio.open_nursery() as nursery:
                for i in range(6):
                    nursery.start_soon(one, f"{prefix}S{i}")
            for key, result in results.items():
                own_status(result, key)
            assert len(results) == 6
        finally:
            await gateway.aclose()

    trio.run(main, "TR")
    anyio.run(main, "AN", backend="trio")
    each_call_once(server, 14)


def test_a_retry_wait_on_trio_sleeps_on_trio(server: HostileServer) -> None:
    trio = pytest.importorskip("trio")  # not in make test-lowest: its anyio predates trio's current API

    waits: list[float] = []
    server.refuse()  # nothing listens: every attempt is refused before anything is sent

    async def main() -> None:
        gateway = mg.AsyncGateway(**settings(server, retry=mg.RetryPolicy(max_attempts=2, backoff_base=0.01)))
        start = trio.current_time()
        with pytest.raises(mg.GatewayConnectionError):
            await gateway.get_transaction_status("TXR")
        waits.append(trio.current_time() - start)
        await gateway.aclose()

    trio.run(main)
    assert len(waits) == 1
    assert waits[0] >= 0.01  # trio's clock saw the wait: it was trio's sleep (asyncio's fails under trio)


def test_one_async_gateway_across_two_asyncio_runs(server: HostileServer) -> None:
    """Each asyncio.run() is a new loop: the gateway gives it its own in-flight semaphore and connection pool
    (the first loop's connections cannot be driven from the second), so both runs work, bursts included."""
    gateway = mg.AsyncGateway(**settings(server, max_in_flight=2))
    asyncio.run(debit_then_burst(gateway, "L1"))
    asyncio.run(debit_then_burst(gateway, "L2"))
    run_on_uvloop(debit_then_burst(gateway, "L3"))
    asyncio.run(gateway.aclose())
    each_call_once(server, 21)


def test_one_async_gateway_on_two_loops_at_once(server: HostileServer) -> None:
    """Two threads, each with its own loop, share one AsyncGateway at the same time."""
    gateway = mg.AsyncGateway(**settings(server, max_in_flight=2))
    errors: list[BaseException] = []

    def loop_thread(prefix: str) -> None:
        try:
            asyncio.run(debit_then_burst(gateway, prefix))
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    threads = [threading.Thread(target=loop_thread, args=(f"P{i}",)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    each_call_once(server, 14)


def test_outside_an_event_loop_the_message_says_what_to_do(server: HostileServer) -> None:
    gateway = mg.AsyncGateway(**settings(server))
    call = gateway.get_transaction_status("TXC")
    with pytest.raises(RuntimeError, match=r"asyncio\.run\(\)"):
        call.send(None)  # driven by hand: no event loop is running
    call.close()
    assert server.count() == 0


def test_many_threads_share_one_gateway(server: HostileServer) -> None:
    """16 threads, 10 calls each, through one Gateway with 4 requests in flight at most."""
    errors: list[BaseException] = []
    with mg.Gateway(**settings(server, max_in_flight=4)) as gateway:

        def worker(n: int) -> None:
            try:
                for i in range(10):
                    key = f"T{n}K{i}"
                    own_status(gateway.get_transaction_status(key), key)
            except BaseException as exc:  # noqa: BLE001 - reported by the test
                errors.append(exc)

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(16)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    assert errors == []
    each_call_once(server, 160)
    assert server.connections <= 4, f"{server.connections} connections for a bound of 4"


def fork() -> int:
    with warnings.catch_warnings():  # Python 3.12+ warns about fork() with threads running (the server's)
        warnings.simplefilter("ignore", DeprecationWarning)
        return os.fork()


def child_exit_code(pid: int) -> int:
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="os.fork() exists on POSIX only")
def test_after_fork_the_child_never_uses_its_parents_connections(server: HostileServer) -> None:
    with mg.Gateway(**settings(server)) as gateway:
        own_status(gateway.get_transaction_status("PARENT1"), "PARENT1")  # a kept-alive connection now
        pid = fork()
        if pid == 0:  # the child: one call, then leave without running the parent's cleanup
            code = 1
            try:
                result = gateway.get_transaction_status("CHILD1")
                code = 0 if result.to_dict() == gateway_answer("get_transaction_status", "CHILD1", "M1") else 2
                gateway.close()  # closes the child's own connection only
            finally:
                os._exit(code)
        assert child_exit_code(pid) == 0
        own_status(gateway.get_transaction_status("PARENT2"), "PARENT2")  # its own connection still serves it
    conn = {s.key: s.conn for s in server.requests}
    assert conn["CHILD1"] != conn["PARENT1"], "the child sent on the connection it inherited from its parent"
    assert conn["PARENT2"] == conn["PARENT1"], "the parent's connection was closed or spoilt by the child"
    each_call_once(server, 3)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="os.fork() exists on POSIX only")
def test_after_fork_an_async_gateway_gets_pools_of_its_own(server: HostileServer) -> None:
    """A pre-fork server: the parent made the gateway and used it on a loop; the child runs a loop of its own."""
    gateway = mg.AsyncGateway(**settings(server))

    async def parent_first() -> None:
        own_status(await gateway.get_transaction_status("PARENT1"), "PARENT1")

    async def child() -> int:
        result = await gateway.get_transaction_status("CHILD1")
        return 0 if result.to_dict() == gateway_answer("get_transaction_status", "CHILD1", "M1") else 2

    runner = asyncio.Runner()
    runner.run(parent_first())
    pid = fork()
    if pid == 0:
        code = 1
        try:
            code = asyncio.run(child())
        finally:
            os._exit(code)
    assert child_exit_code(pid) == 0
    runner.run(_second(gateway))
    runner.run(gateway.aclose())
    runner.close()
    conn = {s.key: s.conn for s in server.requests}
    assert conn["CHILD1"] != conn["PARENT1"]
    assert conn["PARENT2"] == conn["PARENT1"]


async def _second(gateway: mg.AsyncGateway) -> None:
    own_status(await gateway.get_transaction_status("PARENT2"), "PARENT2")


def test_the_token_cache_refreshes_once_on_trio() -> None:
    """Three tasks ask for the authorization token at once on trio: one request (single flight, trio's lock)."""
    trio = pytest.importorskip("trio")

    def token_endpoint(x: Exchange) -> bool:
        body = json.dumps(token_body()).encode() if x.seen.path.endswith("/v1/oauth/token") else x.body
        return x.send(response(body))

    async def main(server: HostileServer) -> list[Any]:
        gateway = mg.AsyncGateway(**settings(server, client_id="CID", client_secret="secret"))
        tokens: list[Any] = []

        async def one() -> None:
            tokens.append(await gateway.authorization_token())

        async with trio.open_nursery() as nursery:
            for _ in range(3):
                nursery.start_soon(one)
        await gateway.aclose()
        return tokens

    with HostileServer(token_endpoint) as server:
        tokens = trio.run(main, server)
        assert len(tokens) == 3
        assert len({id(token) for token in tokens}) == 1
        assert [s.path for s in server.requests] == [server.requests[0].path]
        assert server.requests[0].path.endswith("/v1/oauth/token")
