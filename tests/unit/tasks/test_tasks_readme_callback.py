"""The README's callback example (issue 27), run as written: its handler served by uvicorn on a free loopback port,
the sandbox sending it real signed callbacks over sockets. The example goes in the recommended order (verify, read
the id, look up the order, check the amount), records a payment whose amount matches its order, raises the alarm
with both amounts when it does not, answers 400 to a tampered body and leaves an unknown transaction alone."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from merchant_gateway import Gateway
from merchant_gateway.ids import new_transaction_id

from tests.support.ports import bound_socket

README = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
MERCHANT = "CBDOCMERCHANT"
SALT = "cb-doc-salt-3e9f"


def callback_block() -> str:
    section = README[README.index("### Callbacks") : README.index("### Errors")]
    (block,) = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    return block


def test_the_example_goes_verify_id_order_amount() -> None:
    block = callback_block()
    steps = [
        "gateway.verify_payment_callback(body, x_verify)",
        "orders.get(callback.data.transaction_id)",  # the id read from the verified callback, the order by it
        "expected_amount=order.amount_paise",
        "record(order, callback.code)",
    ]
    at = [block.index(step) for step in steps]
    assert at == sorted(at), dict(zip(steps, at, strict=True))
    assert block.count("expected_amount") == 1  # the amount is checked once the order is known, not before


@pytest.fixture
def sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=0.2) as running:
        yield running


class Merchant:
    """The README's handler, with what it leaves to the merchant (orders, alert, record) as plain lists."""

    def __init__(self, gateway: Gateway) -> None:
        uvicorn = pytest.importorskip("uvicorn")
        from starlette.applications import Starlette
        from starlette.routing import Route

        self.orders: dict[str, SimpleNamespace] = {}
        self.alerts: list[str] = []
        self.records: list[tuple[SimpleNamespace, str]] = []
        self.answers: list[int] = []
        namespace: dict[str, Any] = {
            "gateway": gateway,
            "orders": self.orders,
            "alert": self.alerts.append,
            "record": lambda order, code: self.records.append((order, code)),
        }
        exec(compile(callback_block(), "README.md", "exec"), namespace)
        handler = namespace["gateway_callback"]

        async def endpoint(request: Any) -> Any:
            answer = await handler(request)
            self.answers.append(answer.status_code)
            return answer

        self.sock = bound_socket()  # the server's port from the start: a port found free and let go may be taken
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/callback"
        app = Starlette(routes=[Route("/callback", endpoint, methods=["POST"])])
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> Merchant:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the merchant's server did not start in time"
            assert self.thread.is_alive(), "the merchant's server thread ended before it started"
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.sock.close()

    def wait_for(self, count: int) -> None:
        deadline = time.monotonic() + 30
        while len(self.answers) < count:
            assert time.monotonic() < deadline, f"{len(self.answers)} callbacks answered, {count} expected"
            time.sleep(0.02)


@pytest.fixture
def merchant(sandbox: Any) -> Iterator[tuple[Gateway, Merchant]]:
    with (
        Gateway(
            merchant_id=MERCHANT,
            salt_key=SALT,
            salt_index="1",
            base_url=sandbox.base_url,
            apps_url=sandbox.apps_url,
            auth_url=sandbox.auth_url,
        ) as gateway,
        Merchant(gateway) as shop,
    ):
        yield gateway, shop


def start(gateway: Gateway, shop: Merchant, amount: int, order: SimpleNamespace | None = None) -> str:
    """Starts a payment of ``amount``; ``order`` (if any) is the shop's order for it, kept before the payment starts,
    as a shop keeps its orders: the sandbox's callback comes settle_after (0.2 s) after the debit whatever this
    thread is doing meanwhile, and one that came before its order was kept was "not one of yours"."""
    txn = new_transaction_id()
    if order is not None:
        shop.orders[txn] = order
    payment = gateway.payments.start(
        amount=amount,
        merchant_user_id="U1",
        redirect_url="https://shop.example/return",
        callback_url=shop.url,
        transaction_id=txn,
    )
    assert payment.transaction_id == txn
    return txn


def test_the_example_records_a_matching_payment_and_alerts_on_another_amount(
    merchant: tuple[Gateway, Merchant],
) -> None:
    gateway, shop = merchant
    paid = start(gateway, shop, 1_000, SimpleNamespace(amount_paise=1_000))
    shop.wait_for(1)
    assert shop.records == [(shop.orders[paid], "PAYMENT_SUCCESS")]
    assert shop.alerts == []

    # the order says 900 paise, the signed callback 1000: both amounts in the alarm, nothing recorded
    start(gateway, shop, 1_000, SimpleNamespace(amount_paise=900))
    shop.wait_for(2)
    assert len(shop.records) == 1
    assert len(shop.alerts) == 1
    assert shop.alerts[0].startswith("callback amount 1000 paise differs from the 900 paise sent: do not fulfil")
    assert "gateway.payments.retrieve" in shop.alerts[0]

    unknown = start(gateway, shop, 1_000)  # not in orders: answered 200, nothing recorded, no alarm
    shop.wait_for(3)
    assert unknown not in shop.orders
    assert len(shop.records) == 1
    assert len(shop.alerts) == 1
    assert shop.answers == [200, 200, 200]


def test_the_example_answers_400_to_a_tampered_callback(merchant: tuple[Gateway, Merchant], sandbox: Any) -> None:
    gateway, shop = merchant
    txn = start(gateway, shop, 1_000, SimpleNamespace(amount_paise=1_000))
    shop.wait_for(1)
    delivered = httpx.get(f"{sandbox.origin}/_sandbox/callbacks", params={"transactionId": txn}, timeout=10).json()
    assert delivered["count"] == 1
    send: Callable[..., httpx.Response] = httpx.post
    tampered = send(shop.url, content=json.dumps({"response": "eyJ9"}), headers={"X-VERIFY": "0" * 64 + "###1"})
    assert tampered.status_code == 400
    assert shop.answers == [200, 400]
    assert len(shop.records) == 1
