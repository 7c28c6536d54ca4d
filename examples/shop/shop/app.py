"""The example shop's web application (FastAPI, served by uvicorn[standard]: uvloop and httptools).

    POST /checkout          {"amount": 49900, "customer": "C42"} -> 303 to the gateway's payments page
    POST /gateway/callback  the gateway's server-to-server callback (X-VERIFY checked, recorded in the ledger)
    GET  /orders/{id}       the order as the ledger's hook left it (pending, paid, failed, review)
    GET  /healthz           liveness: the process answers (never the database: an outage must not restart it)
    GET  /readyz            readiness: the ledger's database and the shop's own pool answer within 2 s, and the
                            gateway configuration is complete

Run it with several workers, one JSON object per log line, and one or more reconcilers beside it
(docs/operations.md, "Running the example shop"):

    export MGW_LEDGER_URL=postgresql://shop@db.internal/shop MGW_MERCHANT_ID=... MGW_SALT_KEY=... MGW_SALT_INDEX=1
    export SHOP_PUBLIC_URL=https://shop.example PYTHONPATH=/srv/shop
    uvicorn shop.app:app --workers 4 --log-config /srv/shop/shop/logging.json
    mgw reconcile --worker --hook shop.orders:fulfil --hook-in-transaction --log-format json
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from merchant_gateway import AsyncGateway, GatewayConfig, GatewayError, ValidationError
from merchant_gateway.ids import new_transaction_id
from merchant_gateway.ledger import CallbackHandler, Ledger, LedgerUnavailable, starlette_endpoint
from merchant_gateway.ledger.health import CRITICAL, OK, Check, HealthResult, liveness, readiness
from merchant_gateway.observers import combine
from merchant_gateway.telemetry import LedgerTelemetry, Telemetry
from psycopg import AsyncConnection
from psycopg import Error as DatabaseError
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from .orders import fulfil

logger = logging.getLogger("shop")


def _required(name: str, example: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise RuntimeError(f"{name} is not set: give it, e.g. {name}={example}")
    return value


# Seconds one series of reconnection tries lasts (psycopg_pool's default: 5 minutes of a growing back-off, 1, 2, 4,
# 8 s..., which can put its next try many seconds after the database is back while requests wait for it). When a
# series gives up while requests wait, the next one starts at once: the pool tries about once a second for them.
RECONNECT_WITHIN = 2.0


class ShopPool(AsyncConnectionPool[AsyncConnection[Any]]):
    """psycopg_pool's pool, counting the requests that wait for a connection now (``shop_waiting``). Not the pool's own
    ``requests_waiting``: a request that timed out or was cancelled stays in its queue until a connection is made,
    so a series of reconnection tries restarted for it would go on for the whole outage on behalf of nobody."""

    shop_waiting = 0  # not a name psycopg_pool uses

    async def getconn(self, timeout: float | None = None) -> AsyncConnection[Any]:
        self.shop_waiting += 1  # one event loop: no lock
        try:
            return await super().getconn(timeout)
        finally:
            self.shop_waiting -= 1


def shop_pool(database_url: str) -> ShopPool:
    """The shop's own connections (its orders), beside the ledger's pool and kept like it. Each is checked before it
    is handed out, and the first one that fails its check has every idle one replaced: after a PostgreSQL restart
    they are all dead, and met one by one each failed check costs psycopg_pool a longer back-off (0, 1, 2, 4 s: a
    lone request waits 7 s behind the default pool's 4 stale connections). ``drain()`` needs psycopg-pool 3.3."""

    async def check(conn: AsyncConnection[Any]) -> None:
        try:
            await AsyncConnectionPool.check_connection(conn)
        except Exception:
            await pool.drain()
            raise

    async def try_again(_: AsyncConnectionPool[Any]) -> None:
        # psycopg_pool starts a new series only for a new request: the requests already waiting would wait to their
        # timeout although the database is back. check() grows a pool that has lost its connections; with nobody
        # waiting nothing is tried until a request asks
        if pool.shop_waiting:
            await pool.check()

    pool = ShopPool(
        database_url,
        kwargs={"autocommit": True, "row_factory": dict_row},
        check=check,
        reconnect_timeout=RECONNECT_WITHIN,
        reconnect_failed=try_again,
        open=False,
        name="shop",
    )
    return pool


async def open_ledger(database_url: str, *, timeout: float, retry_every: float = 1.0) -> Ledger:
    """The ledger, once its database answers. A worker that uvicorn (re)starts during a database outage waits here
    instead of failing its start-up: uvicorn stops the whole server, every worker, when one worker's start-up
    fails. Only an unavailable database is waited for; a configuration error (a wrong URL, password or schema)
    still fails at once."""
    while True:
        try:
            return Ledger.open(database_url, on_final=fulfil, hook_in_transaction=True, timeout=timeout)
        except LedgerUnavailable as exc:
            logger.warning("start-up waits for the ledger's database (%s); next try in %g s", exc, retry_every)
            await asyncio.sleep(retry_every)


def create_app(**telemetry: Any) -> FastAPI:
    """``telemetry``: ``tracer_provider``/``meter_provider`` for :class:`Telemetry` and :class:`LedgerTelemetry`
    (default: OpenTelemetry's global ones, which record nothing until the application installs an SDK, e.g. under
    ``opentelemetry-instrument`` with the standard OTEL_* variables)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[dict[str, Any]]:
        config = GatewayConfig.from_env()
        # One database for the ledger and the shop's tables: the hook's writes commit in the ledger's transaction.
        # Named explicitly: a process that fell back to a local ledger would keep payments no reconciler sees.
        database_url = _required("MGW_LEDGER_URL", "postgresql://shop@db.internal/shop")
        public_url = _required("SHOP_PUBLIC_URL", "https://shop.example").rstrip("/")  # where the gateway calls back
        ledger = await open_ledger(database_url, timeout=config.timeout)
        LedgerTelemetry(**telemetry).attach(ledger)  # a span per ledger transition, the hook's delay and failures
        db = shop_pool(database_url)
        await db.open()
        gateway = AsyncGateway(config, observer=combine(Telemetry(config, **telemetry), ledger.observer))
        try:
            yield {
                "db": db,
                "ledger": ledger,
                "gateway": gateway,
                "public_url": public_url,
                "on_callback": starlette_endpoint(CallbackHandler(ledger, gateway)),
            }
        finally:
            await gateway.aclose()
            await db.close()
            ledger.close()

    app = FastAPI(lifespan=lifespan, openapi_url=None, docs_url=None, redoc_url=None)
    app.add_api_route("/checkout", checkout, methods=["POST"])
    app.add_api_route("/gateway/callback", callback, methods=["POST", "PUT"])
    app.add_api_route("/orders/{order_id}", order, methods=["GET"])
    app.add_api_route("/healthz", healthz, methods=["GET"])
    app.add_api_route("/readyz", readyz, methods=["GET"])
    return app


async def checkout(request: Request) -> Response:
    try:
        body = dict(await request.json())  # a real shop prices the cart itself; the example takes the amount (paise)
    except (ValueError, TypeError):
        body = {}
    amount, customer = body.get("amount"), body.get("customer", "guest")
    if type(amount) is not int or amount < 1 or not isinstance(customer, str):
        return JSONResponse({"error": "give amount (integer paise, at least 1) and customer (a string)"}, 400)
    txn = new_transaction_id("OD")
    async with request.state.db.connection() as conn:
        cur = await conn.execute(
            "INSERT INTO shop_orders (transaction_id, amount) VALUES (%s, %s) RETURNING id", (txn, amount)
        )
        order_id = (await cur.fetchone())["id"]
    order_url = f"{request.state.public_url}/orders/{order_id}"
    try:
        started = await request.state.gateway.payments.start(
            amount=amount,
            transaction_id=txn,
            merchant_order_id=f"ORDER{order_id}",
            merchant_user_id=customer,
            redirect_url=order_url,
            callback_url=f"{request.state.public_url}/gateway/callback",
        )
    except (ValidationError, LedgerUnavailable) as exc:  # refused before sending: nothing was sent
        async with request.state.db.connection() as conn:
            await conn.execute(
                "UPDATE shop_orders SET status = 'failed' WHERE id = %s AND status = 'pending'", (order_id,)
            )
        return JSONResponse({"order": order_id, "error": str(exc)}, 503 if isinstance(exc, LedgerUnavailable) else 400)
    except GatewayError as exc:
        # An unknown outcome or a refusal: the ledger holds the payment and settles it (callback, reconciler); the
        # hook updates the order. Never start it again: the customer waits on the order's page.
        logger.warning("checkout of order %s: %s", order_id, type(exc).__name__)
        return RedirectResponse(order_url, 303)
    return RedirectResponse(started.payment_page_url, 303)


async def callback(request: Request) -> Response:
    response: Response = await request.state.on_callback(request)
    return response


async def order(order_id: int, request: Request) -> Response:
    async with request.state.db.connection() as conn:
        cur = await conn.execute("SELECT id, amount, status, payment_code FROM shop_orders WHERE id = %s", (order_id,))
        row = await cur.fetchone()
    return JSONResponse(row) if row else JSONResponse({"error": "no such order"}, 404)


async def healthz() -> Response:
    return JSONResponse(liveness().to_dict())


async def readyz(request: Request) -> Response:
    """The ledger's readiness (its database, the gateway configuration) and the shop's own pool: the two pools
    recover apart, so each is asked, at the same time and each within 2 s."""
    state = request.state
    ledger, own = await asyncio.gather(
        ledger_readiness(state.ledger, state.gateway.config, timeout=2.0),
        shop_database(state.db, timeout=2.0),
    )
    result = HealthResult((*ledger.checks, own))
    return JSONResponse(result.to_dict(), status_code=200 if result.ok else 503)


async def ledger_readiness(ledger: Ledger, config: GatewayConfig, *, timeout: float) -> HealthResult:
    """The ledger's readiness, bounded as a whole by ``timeout``. It blocks, so it runs in a worker thread of
    asyncio's default executor, the one every async ledger call does its database work in: while those calls wait
    for a database that is down (each up to the ledger's timeout) the probe would be queued behind them, answering
    only when one finished. Not started within the bound, it is dropped and the database is reported as not
    answering: the ledger's work cannot run either."""
    try:
        async with asyncio.timeout(timeout):
            return await asyncio.to_thread(readiness, ledger, config=config, timeout=timeout)
    except TimeoutError:
        waited = Check("database", CRITICAL, f"the ledger's database did not answer within {timeout:g} s")
        return HealthResult((waited, *readiness(None, config=config).checks))  # the configuration: no waiting


async def shop_database(db: AsyncConnectionPool[Any], *, timeout: float) -> Check:
    """Whether the shop's own pool hands out a connection (checked, as every request's is) that answers within
    ``timeout`` seconds. Named by its error's type only: a driver's message may quote the server's address."""
    try:
        async with asyncio.timeout(timeout), db.connection(timeout=timeout) as conn:
            await conn.execute("SELECT 1")
    except TimeoutError:
        return Check("shop_database", CRITICAL, f"the shop's database did not answer within {timeout:g} s")
    except DatabaseError as exc:  # psycopg_pool's PoolTimeout among them
        return Check("shop_database", CRITICAL, type(exc).__name__)
    return Check("shop_database", OK, "the shop's own pool answers")


app = create_app()
