"""The task-layer paths of issue 27's "jobs with no task-layer path", against the real sandbox over sockets: payment
options, card and wallet inline pay, SDK-less payments, refund by providerReferenceId, status on
the apps host, deferred refund fulfilment, single sign-on and a collect's sub_merchant.

Each start is waited for with ``payments.wait`` / ``refunds.wait`` and recorded by a real ledger (SQLite file)
attached as the gateway's observer, as a merchant would attach it. Written once, for AsyncGateway, in
test_tasks_new_jobs_async.py; test_tasks_new_jobs_sync.py is derived from it (tools/derive_sync.py) and runs every
test on Gateway."""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
from merchant_gateway import AsyncGateway, ValidationError
from merchant_gateway.errors import (
    AuthorizationError,
    DuplicateRequestError,
    GatewayConnectionError,
    InvalidTransactionIdError,
)
from merchant_gateway.ids import new_transaction_id
from merchant_gateway.ledger import Ledger, open_store
from merchant_gateway.tasks import PaymentOptions, PaymentStart, Refund, SdkLessStart
from merchant_gateway.transports import AsyncGatewayTransport
from merchant_gateway.verdicts import Verdict

CART = base64.b64encode(b'{"cart":[]}').decode()
RETURN = "http://127.0.0.1:9/return"


def choose(url: str, choice: str = "pay") -> None:
    """What a person does on the payments page: open it and press a button."""
    page = httpx.get(url, timeout=10)
    assert page.status_code == 200, page.text
    assert f"value='{choice}'" in page.text, page.text
    httpx.post(url, data={"choice": choice}, timeout=10, follow_redirects=False)


def grant_token(sandbox: Any, **user: Any) -> str:
    """What the client SDK's fetchAuthToken hands the app (the sandbox's control endpoint issues it)."""
    origin = sandbox.base_url.rsplit("/apis/", 1)[0]
    token: str = httpx.post(origin + "/_sandbox/sso/grant-token", json=user, timeout=10).json()["grantToken"]
    return token


@pytest.fixture
def conf(async_gateway: AsyncGateway) -> dict[str, Any]:
    """The settings of the conftest's gateway (merchant, salt, the sandbox's URLs), for gateways built here."""
    cfg = async_gateway.config
    names = ("merchant_id", "salt_key", "salt_index", "base_url", "apps_url", "auth_url")
    return {name: getattr(cfg, name) for name in names}


@pytest.fixture
def ledger(tmp_path: Any) -> Iterator[Ledger]:
    Ledger.migrate(f"sqlite:///{tmp_path}/ledger.db")
    with Ledger(open_store(f"sqlite:///{tmp_path}/ledger.db")) as led:
        yield led


@pytest.fixture
async def async_recorded(sandbox: Any, conf: dict[str, Any], ledger: Ledger) -> AsyncIterator[AsyncGateway]:
    """A gateway whose money-moving calls the ledger records (its sleep moves the sandbox's clock)."""

    async def sleep(seconds: float) -> None:
        sandbox.advance(seconds)

    async with AsyncGateway(**conf, observer=ledger.observer, clock=sandbox.clock.now, sleep=sleep) as gw:
        yield gw


def assert_recorded(ledger: Ledger, transaction_id: str, operation: str, amount: int, kind: str = "payment") -> None:
    row = ledger.get(transaction_id)
    assert row is not None, f"{operation} {transaction_id} not in the ledger"
    assert (row.operation, row.kind, row.amount) == (operation, kind, amount)


# --- payment options and inline pay -------------------------------------------------------------------------------


async def test_options_list_enabled_instruments_in_order_and_a_saved_card_pays_inline(
    async_recorded: AsyncGateway, ledger: Ledger, sandbox: Any
) -> None:
    options = await async_recorded.payments.options(amount=1_500, merchant_user_id="U-OPT")
    assert isinstance(options, PaymentOptions)
    kinds = [i.kind for i in options.instruments]
    assert kinds[:2] == ["wallets", "upi"]
    assert "card" in kinds
    card = next(i for i in options.instruments if i.kind == "card").items[0]
    assert "cardId" not in repr(options)
    assert card.card_id not in repr(options)

    payment = await async_recorded.payments.start_inline(
        amount=1_500,
        mobile_number="9876500001",
        merchant_user_id="U-OPT",
        payment_sources=[{"mode": "card", "cardId": card.card_id}],
        redirect_url=RETURN,
        redirect_mode="REDIRECT",
    )
    assert isinstance(payment, PaymentStart)
    assert payment.operation == "inlinePay"
    assert payment.payment_page_url.startswith(sandbox.origin + "/")  # absolute
    assert_recorded(ledger, payment.transaction_id, "inlinePay", 1_500)
    choose(payment.payment_page_url)
    final = await async_recorded.payments.wait(payment)
    assert final.succeeded
    assert final.snapshot.amount == 1_500


async def test_a_wallet_source_pays_inline_and_a_declined_one_is_final(
    async_recorded: AsyncGateway, ledger: Ledger
) -> None:
    payment = await async_recorded.payments.start_inline(
        amount=900, mobile_number="9876500002", merchant_user_id="U-W", payment_sources=[{"mode": "wallets"}]
    )
    assert_recorded(ledger, payment.transaction_id, "inlinePay", 900)
    choose(payment.payment_page_url, "decline")
    final = await async_recorded.payments.wait(payment)
    assert final.code == "PAYMENT_DECLINED"
    assert not final.succeeded
    assert final.snapshot.verdict is Verdict.FAILED


@pytest.mark.parametrize(
    ("sources", "field"),
    [
        ([{"mode": "upi", "type": "INTENT"}], "paymentSources[0].mode"),
        ([], "payment_sources"),
        ({"mode": "wallets"}, "payment_sources"),
        ([{"mode": "card"}], "cardId"),  # the spec's schema: a card source needs its cardId
    ],
)
async def test_inline_pay_refuses_sources_it_cannot_start_before_sending(
    async_gateway: AsyncGateway, sources: Any, field: str
) -> None:
    with pytest.raises(ValidationError) as err:
        await async_gateway.payments.start_inline(
            amount=100, mobile_number="9876500003", merchant_user_id="U", payment_sources=sources
        )
    assert field in str(err.value)


async def test_options_need_a_user(async_gateway: AsyncGateway) -> None:
    with pytest.raises(ValidationError, match="merchant_user_id or user_auth_token"):
        await async_gateway.payments.options(amount=100)


# --- SDK-less ---------------------------------------------------------------------------------------------------


async def test_sdk_less_start_generates_the_id_and_is_waitable(async_recorded: AsyncGateway, ledger: Ledger) -> None:
    """Issue 27: flows.start_sdk_less_payment needs a transaction_id and its Launch is refused by payments.wait."""
    start = await async_recorded.payments.start_sdk_less(
        amount=2_000, merchant_order_id="OD-SDKLESS", valid_for=600_000, redirect_url=RETURN, transaction_context=CART
    )
    assert isinstance(start, SdkLessStart)
    assert start.operation == "initiateSdkLessPayment"
    assert start.reservation_id
    assert start.payment_page_url.startswith("http")
    assert start.payment_page_url not in repr(start)
    assert_recorded(ledger, start.transaction_id, "initiateSdkLessPayment", 2_000)
    choose(start.payment_page_url)
    final = await async_recorded.payments.wait(start)
    assert final.succeeded
    assert final.snapshot.transaction_id == start.transaction_id


# --- refunds: by provider reference, deferred fulfilment ---------------------------------------------------------


async def test_refund_by_provider_reference_id_is_checked_waited_and_recorded(
    async_recorded: AsyncGateway, ledger: Ledger
) -> None:
    payment = await async_recorded.payments.start(
        amount=3_000, merchant_order_id="OD-REF", merchant_user_id="U", redirect_url=RETURN
    )
    paid = await async_recorded.payments.wait(payment)
    reference = paid.snapshot.provider_reference_id
    assert paid.succeeded
    assert reference

    with pytest.raises(ValidationError, match="original_amount"):  # no status to read by reference
        await async_recorded.refunds.create(provider_reference_id=reference, amount=100, merchant_order_id="OD-REF")
    with pytest.raises(ValidationError, match="at most 3000"):
        await async_recorded.refunds.create(
            provider_reference_id=reference, amount=3_001, original_amount=3_000, merchant_order_id="OD-REF"
        )
    with pytest.raises(ValidationError, match="exactly one"):
        await async_recorded.refunds.create(payment, provider_reference_id=reference, amount=100, original_amount=3_000)

    refund = await async_recorded.refunds.create(
        provider_reference_id=reference, amount=1_000, original_amount=3_000, merchant_order_id="OD-REF"
    )
    assert isinstance(refund, Refund)
    assert refund.original_transaction_id is None
    assert refund.provider_reference_id == reference
    assert refund.verdict in (Verdict.PENDING, Verdict.SUCCEEDED)
    assert_recorded(ledger, refund.transaction_id, "refundV4", 1_000, kind="refund")
    assert (await async_recorded.refunds.wait(refund)).succeeded


@pytest.mark.parametrize("operation", ["refundV3", "refundAppsHost"])
async def test_refund_by_provider_reference_on_the_other_operations(
    async_gateway: AsyncGateway, operation: Any
) -> None:
    payment = await async_gateway.payments.start(
        amount=700, merchant_order_id="OD-R3", merchant_user_id="U", redirect_url=RETURN
    )
    reference = (await async_gateway.payments.wait(payment)).snapshot.provider_reference_id
    assert reference
    refund = await async_gateway.refunds.create(
        provider_reference_id=reference,
        amount=700,
        original_amount=700,
        merchant_order_id="OD-R3",
        operation=operation,
    )
    assert refund.operation == operation
    assert (await async_gateway.refunds.wait(refund)).succeeded


async def test_deferred_refund_fulfilment_succeeds_once_and_is_recorded(
    async_recorded: AsyncGateway, async_gateway: AsyncGateway, ledger: Ledger
) -> None:
    txn = new_transaction_id()
    fulfilled = await async_recorded.refunds.fulfill_deferred(
        transaction_id=txn, merchant_user_id="U-COD", amount=1_250, merchant_order_id="OD-COD", message="Refunded"
    )
    assert fulfilled.transaction_id == txn
    assert fulfilled.operation == "fulfillDeferredRefund"
    assert fulfilled.verdict is Verdict.SUCCEEDED
    assert fulfilled.succeeded
    assert fulfilled.original_amount is None
    assert_recorded(ledger, txn, "fulfillDeferredRefund", 1_250, kind="refund")
    assert (await async_recorded.refunds.wait(fulfilled)).succeeded
    with pytest.raises(DuplicateRequestError) as dup:  # a second fulfil under the same id, without the ledger
        await async_gateway.refunds.fulfill_deferred(
            transaction_id=txn, merchant_user_id="U-COD", amount=1_250, merchant_order_id="OD-COD"
        )
    assert dup.value.verdict == "duplicate"
    assert dup.value.remedy


# --- status on the apps host ---------------------------------------------------------------------------------------


async def test_status_on_the_apps_host_retrieves_and_waits(async_gateway: AsyncGateway) -> None:
    payment = await async_gateway.payments.start(amount=1_100, merchant_user_id="U", redirect_url=RETURN)
    now = await async_gateway.payments.retrieve(payment, operation="getTransactionStatusAppsHost")
    assert now.code == "PAYMENT_PENDING"
    assert now.verdict is Verdict.PENDING
    final = await async_gateway.payments.wait(payment, operation="getTransactionStatusAppsHost")
    assert final.succeeded
    assert final.snapshot.amount == 1_100
    with pytest.raises(ValidationError, match="getTransactionStatusAppsHost"):
        await async_gateway.payments.retrieve(payment, operation="getTransactionStatusV9")  # type: ignore[arg-type]


async def test_status_on_the_apps_host_reads_the_apps_host(sandbox: Any, conf: dict[str, Any]) -> None:
    """The read goes to the apps host: with that host unreachable, the apps-host read fails and the base one not."""
    broken = {**conf, "apps_url": "http://127.0.0.1:9/apis/apps"}

    async def sleep(seconds: float) -> None:
        sandbox.advance(seconds)

    async with AsyncGateway(**broken, clock=sandbox.clock.now, sleep=sleep) as gw:
        payment = await gw.payments.start(amount=1_200, merchant_user_id="U", redirect_url=RETURN)
        assert (await gw.payments.retrieve(payment)).code == "PAYMENT_PENDING"
        with pytest.raises(GatewayConnectionError, match="apps host"):
            await gw.payments.retrieve(payment, operation="getTransactionStatusAppsHost")


# --- single sign-on -----------------------------------------------------------------------------------------------


async def test_sso_sign_in_reads_the_user_and_a_spent_grant_is_refused(
    async_gateway: AsyncGateway, sandbox: Any
) -> None:
    grant = grant_token(sandbox, name="Asha", phoneNumber="9876543210")
    user = await async_gateway.sso.sign_in(grant)
    assert user.name == "Asha"
    assert user.phone_number == "9876543210"
    assert "9876543210" not in repr(user)
    with pytest.raises(AuthorizationError) as spent:
        await async_gateway.sso.sign_in(grant)
    assert spent.value.verdict == "rejected"
    assert spent.value.code == "UNAUTHORIZED"


# --- collect with a sub-merchant ---------------------------------------------------------------------------------


class AsyncPayloadSpy(httpx.AsyncBaseTransport):
    """The real transport, keeping the decoded payload of every request with a body."""

    def __init__(self) -> None:
        self.inner = AsyncGatewayTransport()
        self.payloads: list[dict[str, Any]] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(await request.aread() or b"{}")
        if "request" in body:
            self.payloads.append(json.loads(base64.b64decode(body["request"])))
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


async def test_collect_sends_sub_merchant_as_the_v3_listing_names_it(conf: dict[str, Any], ledger: Ledger) -> None:
    spy = AsyncPayloadSpy()
    async with AsyncGateway(**conf, observer=ledger.observer, transport=spy) as gw:
        collect = await gw.collects.create(
            amount=500,
            mobile_number="9876500009",
            merchant_order_id="OD-COL",
            expires_in=180,
            callback_url="http://127.0.0.1:9/cb",
            sub_merchant="STORE-7",
        )
    (payload,) = spy.payloads
    assert payload["subMerchant"] == "STORE-7"
    assert "subMerchantId" not in payload
    assert_recorded(ledger, collect.transaction_id, "collectRequest", 500, kind="collect")


# --- the new jobs one after another, on one gateway ----------------------------------------------------------------


async def test_the_new_jobs_one_after_another_on_one_gateway(
    sandbox: Any, conf: dict[str, Any], ledger: Ledger
) -> None:
    async def sleep(seconds: float) -> None:
        sandbox.advance(seconds)

    async with AsyncGateway(**conf, observer=ledger.observer, clock=sandbox.clock.now, sleep=sleep) as gw:
        options = await gw.payments.options(amount=800, merchant_user_id="U-A")
        card = next(i for i in options.instruments if i.kind == "card").items[0]
        inline = await gw.payments.start_inline(
            amount=800,
            mobile_number="9876500011",
            merchant_user_id="U-A",
            payment_sources=[{"mode": "card", "cardId": card.card_id}],
        )
        assert_recorded(ledger, inline.transaction_id, "inlinePay", 800)
        choose(inline.payment_page_url)
        paid = await gw.payments.wait(inline, operation="getTransactionStatusAppsHost")
        assert paid.succeeded
        assert paid.snapshot.provider_reference_id

        refund = await gw.refunds.create(
            provider_reference_id=paid.snapshot.provider_reference_id,
            amount=300,
            original_amount=800,
            merchant_order_id="OD-A",
        )
        assert_recorded(ledger, refund.transaction_id, "refundV4", 300, kind="refund")
        assert (await gw.refunds.wait(refund, operation="getTransactionStatusAppsHost")).succeeded

        start = await gw.payments.start_sdk_less(
            amount=600, merchant_order_id="OD-AS", valid_for=60_000, redirect_url=RETURN, transaction_context=CART
        )
        assert_recorded(ledger, start.transaction_id, "initiateSdkLessPayment", 600)
        choose(start.payment_page_url)
        assert (await gw.payments.wait(start)).succeeded

        fulfilled = await gw.refunds.fulfill_deferred(
            transaction_id=new_transaction_id(), merchant_user_id="U-A", amount=450, merchant_order_id="OD-AC"
        )
        assert fulfilled.succeeded
        assert (await gw.refunds.wait(fulfilled)).succeeded

        user = await gw.sso.sign_in(grant_token(sandbox, name="Ravi"))
        assert user.name == "Ravi"

        collect = await gw.collects.create(
            amount=250,
            mobile_number="9876500012",
            merchant_order_id="OD-AC2",
            expires_in=120,
            callback_url="http://127.0.0.1:9/cb",
            sub_merchant="STORE-8",
        )
        assert_recorded(ledger, collect.transaction_id, "collectRequest", 250, kind="collect")


async def test_sdk_less_sub_merchant_and_sub_merchant_id_must_not_contradict(
    async_gateway: AsyncGateway, sandbox: Any
) -> None:
    """``sub_merchant`` is the task layer's name of sub_merchant_id: given both, they must agree, else neither
    value is picked silently (which sub-merchant the payment is for) and nothing is sent."""
    payment: dict[str, Any] = {
        "amount": 100,
        "valid_for": 1_000,
        "redirect_url": RETURN,
        "transaction_context": CART,
    }
    before = len(sandbox.sandbox.store.txns)
    with pytest.raises(ValidationError) as both:
        await async_gateway.payments.start_sdk_less(
            **payment, merchant_order_id="OD-S1", sub_merchant="STORE-1", sub_merchant_id="STORE-2"
        )
    assert both.value.field == "sub_merchant"
    assert "give only one" in str(both.value)
    assert len(sandbox.sandbox.store.txns) == before
    agreed = await async_gateway.payments.start_sdk_less(
        **payment, merchant_order_id="OD-S2", sub_merchant="STORE-1", sub_merchant_id="STORE-1"
    )
    assert agreed.reservation_id
    assert len(sandbox.sandbox.store.txns) == before + 1


async def test_a_duplicate_sdk_less_id_is_a_duplicate_not_a_failure(async_gateway: AsyncGateway) -> None:
    txn = new_transaction_id()
    await async_gateway.payments.start_sdk_less(
        amount=100,
        merchant_order_id="OD-D",
        valid_for=1_000,
        redirect_url=RETURN,
        transaction_context=CART,
        transaction_id=txn,
    )
    with pytest.raises(InvalidTransactionIdError) as dup:
        await async_gateway.payments.start_sdk_less(
            amount=100,
            merchant_order_id="OD-D",
            valid_for=1_000,
            redirect_url=RETURN,
            transaction_context=CART,
            transaction_id=txn,
        )
    assert dup.value.verdict == "duplicate"


@pytest.mark.parametrize(
    ("start", "keywords", "field"),
    [
        ("start", {"merchant_user_id": "U1", "user_auth_token": "T1"}, "userAuthToken"),
        (
            "start_intent",
            {"merchant_order_id": "O1", "platform_version_code": 1, "merchant_user_id": "U1", "user_auth_token": "T1"},
            "userAuthToken",
        ),
        ("start_inline", {"payment_sources": [{"mode": "wallets"}], "merchant_user_id": "U1"}, "mobileNumber"),
        ("start_upi_intent", {"merchant_user_id": "U1"}, "mobileNumber"),
    ],
)
async def test_the_specs_field_rules_refuse_a_start_before_anything_is_sent(
    conf: dict[str, Any], start: str, keywords: dict[str, Any], field: str
) -> None:
    """The debits' "merchantUserId not together with userAuthToken" and inline pay's required mobileNumber are the
    spec's x-field-rules: the task layer does not restate them, the pipeline refuses before sending."""
    spy = AsyncPayloadSpy()
    async with AsyncGateway(**conf, transport=spy) as gw:
        with pytest.raises(ValidationError) as refused:
            await getattr(gw.payments, start)(amount=100, **keywords)
    assert refused.value.field == field
    assert spy.payloads == []
