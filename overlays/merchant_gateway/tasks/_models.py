"""What the task layer returns, and the I/O-free decisions that the async and sync resources share.

Why this module exists: the resources in ``_async.py`` (and ``_sync.py``, derived from it) only sequence calls;
everything that must be identical in both flavours (the result types, the absolute payments-page URL, which
operation a choice maps to, where each behaviour comes from) lives here once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeAlias, TypeVar, get_args
from urllib.parse import urlsplit

# the models this module names, at run time: typing.get_type_hints (run-time validators) resolves its TypedDicts
from merchant_gateway_client.models import CardPaymentSource, PaymentOptionsResponse, WalletsPaymentSource
from merchant_gateway_client.payloads import (
    DOCS,
    CollectRequestOptional,
    DebitV4IntentOptional,
    InitiateSdkLessPaymentKeywords,
    InlinePayOptional,
    InstantDebitOptional,
)

from ..checks.advice import check_merchant_user_id, check_web_callback, check_web_redirect
from ..errors import GatewayError, ValidationError
from ..flows._fields import field_of
from ..flows.linking import Instrument
from ..ids import new_transaction_id
from ..verdicts import Expect, Verdict, judge, table

if TYPE_CHECKING:
    from ..abstract import AbstractGateway, AsyncAbstractGateway

WebDebitOperation = Literal["debitV4Web", "debitV3"]
RefundOperation = Literal["refundV4", "refundV3", "refundAppsHost"]
StatusOperation = Literal["getTransactionStatus", "getTransactionStatusAppsHost"]
# an inline-pay source: a generated model or its wire (camelCase) mapping, checked against the spec before sending
PaymentSource: TypeAlias = "CardPaymentSource | WalletsPaymentSource | Mapping[str, object]"
AnyGateway: TypeAlias = "AbstractGateway | AsyncAbstractGateway"  # either flavour: what the I/O-free steps read


# A task's keywords but transaction_id (made when not given) where its operation's generated <Operation>Keywords
# do not fit (payments.start takes those): the operation's optional ones, the spec's generated TypedDict, and the
# required ones the task takes in its own way.
class InlineStartFields(InlinePayOptional):
    amount: int


class InlinePaymentFields(InlineStartFields):  # a card or wallet source only (a UPI one: start_upi_intent)
    payment_sources: Sequence[PaymentSource]


class SdkLessStartFields(InitiateSdkLessPaymentKeywords, total=False):  # optional at run time, unlike NotRequired
    sub_merchant: str | None  # another name for sub_merchant_id


class IntentStartFields(DebitV4IntentOptional):
    amount: int
    merchant_order_id: str
    platform_version_code: int  # the wallet app's version code, at least 1 (deviceContext.platformVersionCode)


class CollectStartFields(CollectRequestOptional):
    amount: int
    mobile_number: str  # sent as instrumentReference, instrumentType MOBILE
    merchant_order_id: str
    expires_in: int
    callback_url: str


class WalletPayFields(InstantDebitOptional):
    amount: int
    merchant_order_id: str


PUBLIC_REFERENCE = "the gateway's public reference (not shown in the interface document)"

#: Where each task's behaviour comes from. Everything not listed here follows the interface document alone.
BEHAVIOUR_SOURCES: Mapping[str, str] = MappingProxyType(
    {
        "payments.wait": f"polling schedule (20 s, then 3/6/10/30/60 s steps, 15 min): {PUBLIC_REFERENCE}; "
        "stopping at a terminal code and cross-checking the amount: interface document",
        "refunds.wait": f"polling schedule: {PUBLIC_REFERENCE}",
        "wallets.link": f"OTP send and verify operations (sendOtp, verifyOtp: method, path, send payload): "
        f"{PUBLIC_REFERENCE}; the verify fields, the latest-otpToken rule and the OTP codes: interface document",
    }
)

S = TypeVar("S", bound="Started")

# what the task docstrings add to the generated Raises sections
LOST = "GatewayError: an accepted answer without the {} (the payment was started: wait for it, do not start again)."
EXCESS = "ExcessRefundError (a ValidationError): above the original amount; nothing was sent."
PAGE = "payments-page URL"
REFUND_FACTS = ("original_transaction_id", "provider_reference_id", "original_amount")  # what a Refund keeps
NEXT_STEP = (
    "started, not paid: wait for the final status of {txn} (gateway.payments.wait); only the status operation "
    "says whether it was paid"
)


@dataclass(frozen=True, kw_only=True)
class Started:
    """A payment the gateway accepted to start. It carries no answer code on purpose: the start answer says
    nothing about whether the user paid (interface document: after any payment flow the merchant must call the
    status operation). ``gateway.payments.wait(started)`` gives the final status, amount cross-checked."""

    transaction_id: str
    amount: int
    operation: str  # the operation id that started it, e.g. debitV4Web
    merchant_order_id: str | None = None
    #: seconds after which the gateway closes the payment as failed (collect requests); waiting stops there
    expires_in: int | None = None
    started_at: float = field(default=0.0, repr=False)  # the gateway's clock() when the start was sent

    @property
    def next_step(self) -> str:
        return NEXT_STEP.format(txn=self.transaction_id)


@dataclass(frozen=True, kw_only=True)
class PaymentStart(Started):
    """A started web payment: send the browser to ``payment_page_url`` (always absolute, whichever debit
    operation served it), then ``gateway.payments.wait(payment)``."""

    payment_page_url: str = field(repr=False)  # may carry payment details: kept out of logs


@dataclass(frozen=True, kw_only=True)
class IntentStart(Started):
    """A started app payment: the app opens ``intent_url`` (a UPI intent URI) in the wallet app, ``package``
    names the app for a UPI intent from inline pay. The app's completion only means the UI flow ended."""

    intent_url: str  # in the repr: what a merchant hands the app (a UPI URI, no secret of the merchant)
    package: str | None = None


@dataclass(frozen=True, kw_only=True)
class SdkLessStart(PaymentStart):
    """A payment reserved without the client SDK (initiateSdkLessPayment): the client opens ``payment_page_url``
    (the answer's redirectUrl, a deep link to the payments page, kept as given) or calls the JS SDK's proceedToPay
    with ``reservation_id``; the user comes back to the merchant's redirect URL; the status is the result."""

    reservation_id: str | None = None


@dataclass(frozen=True, kw_only=True)
class CollectStart(Started):
    """A collect request sent to the user's mobile number (answer SUCCESS: sent, not paid). No callback comes
    while it is pending; waiting never goes past ``expires_in`` seconds."""

    mobile_number: str = field(repr=False)


@dataclass(frozen=True, kw_only=True)
class WalletPayment(Started):
    """A direct debit of a linked user's wallet (instantDebit). ``answer_code`` is what the instantDebit answer
    said (PAYMENT_SUCCESS or PAYMENT_PENDING); as after any payment flow, the status operation is the result."""

    answer_code: str


@dataclass(frozen=True, kw_only=True)
class Refund:
    """A refund the gateway accepted, with the verdict on its answer (merchant_gateway.verdicts: ``succeeded``
    needs the refund's own transaction id; ``pending`` is not final yet); ``gateway.refunds.wait(refund)`` polls it.
    ``code`` is kept for display: decide by ``verdict``, ``succeeded`` and ``is_final``."""

    transaction_id: str  # the refund's own id
    amount: int
    code: str
    operation: str
    started_at: float = field(default=0.0, repr=False)
    verdict: Verdict = Verdict.PENDING
    original_transaction_id: str | None = None  # None: refunded by provider_reference_id, or a deferred fulfilment
    original_amount: int | None = None  # what the amount was checked against; None for a deferred fulfilment
    provider_reference_id: str | None = None  # the payment refunded, as the gateway knows it (refund by reference)

    @property
    def is_final(self) -> bool:
        return self.verdict.final

    @property
    def succeeded(self) -> bool:
        return self.verdict is Verdict.SUCCEEDED


@dataclass(frozen=True, kw_only=True, repr=False)
class PaymentOptions:
    """How a user can pay (getPaymentOptions): ``instruments``, only the enabled ones in display order
    (``merchant_gateway.flows.usable_instruments``); ``answer`` is the whole answer. The repr names the kinds only:
    saved cards and accounts (card ids, masked numbers, holder names) stay out of logs."""

    instruments: tuple[Instrument, ...]
    answer: PaymentOptionsResponse

    def __repr__(self) -> str:
        return f"PaymentOptions(instruments={[i.kind for i in self.instruments]!r})"


@dataclass(frozen=True)
class LinkedWallet:
    """A user linked by OTP: what ``wallets.pay``/``balance``/``unlink`` need. Store it (the token is a secret;
    it stays out of the repr) and rebuild it with ``LinkedWallet(mobile_number, user_auth_token)``."""

    mobile_number: str = field(repr=False)
    user_auth_token: str = field(repr=False)
    merchant_id: str | None = None


def transaction_id_or_new(transaction_id: str | None) -> str:
    return new_transaction_id() if transaction_id is None else transaction_id


class Begun(NamedTuple):
    """A start about to be sent: its transaction id, operation and start time (the gateway's clock)."""

    transaction_id: str
    operation: str
    started_at: float

    def made(self, kind: type[S], fields: Mapping[str, Any], **result: Any) -> S:
        """The start's result: ``kind`` with its facts (the amount and order id sent) and the ``result`` of the
        answer."""
        return kind(
            transaction_id=self.transaction_id,
            amount=fields["amount"],
            operation=self.operation,
            merchant_order_id=fields.get("merchant_order_id"),
            started_at=self.started_at,
            **result,
        )

    def page(self, answer: Any, gateway: AnyGateway, fields: Mapping[str, Any]) -> PaymentStart:
        """A web start's result: the payments page its answer names (debitV3's Location, else data.redirectUrl),
        made absolute."""
        location = answer if self.operation == "debitV3" else field_of(field_of(answer, "data"), "redirect_url")
        url = absolute_url(location, gateway.config.location_root, what=PAGE, transaction_id=self.transaction_id)
        return self.made(PaymentStart, fields, payment_page_url=url)

    def refund(self, answer: Any, amount: int, **facts: Any) -> Refund:
        """A refund's result, judged by its answer (which must name the refund's own transaction id)."""
        found = judge(table(self.operation), status=200, answer=answer.to_dict(), expect=Expect(self.transaction_id))
        return Refund(
            transaction_id=self.transaction_id,
            amount=amount,
            code=str(answer.code),
            operation=self.operation,
            started_at=self.started_at,
            verdict=found.verdict,
            **facts,
        )


def begin(
    gw: AnyGateway, operation: str, given_id: str | None, fields: Mapping[str, Any], *required: str, web: bool = False
) -> Begun:
    """A call about to be sent: its transaction id (``given_id``, else a new one) and start time, once the task's own
    ``required`` keywords (which no payload check sees) are given and ``sub_merchant`` (the task layer's name of
    sub_merchant_id) does not contradict sub_merchant_id; after the interface document's advice on its keywords
    (merchant_user_id; for a web payment redirect_url and callback_url), each warned at the line that called the
    task method (stacklevel: the check, this, the task method, its caller)."""
    for name in required:
        if fields.get(name) is None:
            raise ValidationError(name, f"is required by this task (it is not a payload field); pass {name}=")
    alias, own = fields.get("sub_merchant"), fields.get("sub_merchant_id")
    if alias is not None and own is not None and alias != own:
        raise ValidationError("sub_merchant", "is another name for sub_merchant_id: give only one of the two")
    new = Begun(transaction_id_or_new(given_id), operation, gw.clock())
    txn, at = new.transaction_id, 4
    check_merchant_user_id(fields.get("merchant_user_id"), operation=operation, transaction_id=txn, stacklevel=at)
    if web:
        check_web_redirect(fields.get("redirect_url"), operation=operation, transaction_id=txn, stacklevel=at)
        check_web_callback(fields.get("callback_url"), operation=operation, transaction_id=txn, stacklevel=at)
    return new


def refund_call(given: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """``refunds.create``'s keywords (``given``) checked: the generated method of its operation and the keywords
    that method takes. The operations name the sub-merchant differently (subMerchant in v3, subMerchantId in the
    others), and only refundV4 takes the callback headers. The payment is named once: by transaction id (or start
    result) or by the gateway's reference. The refund is bounded by ``original_amount``, else the started
    payment's amount, else (None) what its status reports; by reference there is no status read, so it must be
    given. merchantOrderId: given, else the started payment's."""
    operation, payment, reference = given["operation"], given["payment"], given["provider_reference_id"]
    method = method_of(operation, RefundOperation)
    callback = {"callback_url": given["callback_url"], "callback_mode": given["callback_mode"]}
    if operation != "refundV4" and any(value is not None for value in callback.values()):
        raise ValidationError(
            "callback_url", f"{operation} takes no X-CALLBACK-URL/X-CALLBACK-MODE; use refundV4 (the default)"
        )
    if (payment is None) == (reference is None):
        raise ValidationError(
            "provider_reference_id",
            "give exactly one of the payment (a start result or its transaction id) and provider_reference_id",
        )
    if reference is not None and given["original_amount"] is None:
        raise ValidationError(
            "original_amount",
            "is required with provider_reference_id: the refund is checked against the payment's amount before "
            "sending; pass original_amount= the paise the payment was for",
        )
    started = payment if isinstance(payment, Started) else None
    order, amount = given["merchant_order_id"], given["original_amount"]
    if started is not None:  # what the caller gave wins over the start's own facts
        payment = started.transaction_id
        order = started.merchant_order_id if order is None else order
        amount = started.amount if amount is None else amount
    if order is None:
        raise ValidationError(
            "merchant_order_id",
            "is required without a start result: pass the original payment's order id (or the start result)",
        )
    extra = {"sub_merchant" if operation == "refundV3" else "sub_merchant_id": given["sub_merchant"]}
    original = {"original_transaction_id": payment, "provider_reference_id": reference, "original_amount": amount}
    keywords = {"amount": given["amount"], "merchant_order_id": order, "message": given["message"], **original}
    return method, {**keywords, **extra, **(callback if operation == "refundV4" else {})}


def absolute_url(location: object, base_url: str, *, what: str, transaction_id: str) -> str:
    """The payments page as an absolute URL. debitV3 answers with a redirect whose Location "is appended to the
    host" (interface document; ``{base_url}`` is "the main service host"), so a relative Location is appended to
    the configured base URL, path prefix included; an absolute one is kept."""
    if not isinstance(location, str) or not location.strip():
        raise GatewayError(f"the answer carried no {what}", transaction_id=transaction_id)
    parts = urlsplit(location)
    if parts.scheme:
        url = location
    elif location.startswith("//"):
        url = f"{urlsplit(base_url).scheme}:{location}"
    else:
        url = base_url.rstrip("/") + ("" if location.startswith("/") else "/") + location
    final = urlsplit(url)
    if final.scheme not in ("http", "https") or not final.netloc:
        raise GatewayError(f"the {what} is not an http(s) URL", transaction_id=transaction_id)
    return url


def method_of(operation: str, choices: object) -> str:
    """The generated method of ``operation``, one of the ``choices`` Literal (the ``operation`` keyword's type)."""
    if operation not in get_args(choices):
        allowed = ", ".join(get_args(choices))
        raise ValidationError("operation", f"must be one of {allowed}; or leave operation out for the latest")
    return DOCS[operation].name


def target(payment: Started | Refund | str, expected_amount: int | None) -> tuple[str, int]:
    """The transaction id to read and the amount to cross-check it with (interface document: "the amount in the
    status or callback response must be cross-checked with the amount sent in the forward payment")."""
    if isinstance(payment, Started | Refund):
        return payment.transaction_id, payment.amount if expected_amount is None else expected_amount
    if not isinstance(payment, str):
        raise ValidationError(
            "payment", "must be what a start returned or a transaction id; pass the start's result as it is"
        )
    if expected_amount is None:
        raise ValidationError(
            "expected_amount",
            "is required with a bare transaction id (the status amount is cross-checked with it): pass "
            "expected_amount= the paise sent, or the start's result instead of its id",
        )
    return payment, expected_amount


def waiting(gateway: AnyGateway, payment: Started | Refund | str, amount: int | None) -> dict[str, Any]:
    """What a wait for ``payment`` follows: its transaction id and the amount to cross-check (:func:`target`), a
    start's start time and expiry (a collect is never waited for past it), and the gateway's clock and sleep."""
    txn, expected = target(payment, amount)
    started = {"started_at": getattr(payment, "started_at", None), "expires_in": getattr(payment, "expires_in", None)}
    clock = {"clock": gateway.clock, "sleep": gateway.sleep}
    return {"transaction_id": txn, "expected_amount": expected, **started, **clock}


def one_user(fields: Mapping[str, object]) -> None:
    """Exactly one of merchant_user_id and user_auth_token: the spec requires one for inline pay and the payment
    options; "not together" is the interface document's rule for the debit payload, which the task layer keeps."""
    if fields.get("merchant_user_id") is not None and fields.get("user_auth_token") is not None:
        raise ValidationError(
            "user_auth_token",
            "is not to be sent together with merchant_user_id; send only one (the token for a user linked by OTP)",
        )
    if fields.get("merchant_user_id") is None and fields.get("user_auth_token") is None:
        raise ValidationError(
            "merchant_user_id", "give merchant_user_id or user_auth_token (the token for a user linked by OTP)"
        )


def collect_keywords(fields: Mapping[str, Any]) -> dict[str, Any]:
    """``collects.create``'s keywords as collectRequest takes them: the mobile number is its instrument."""
    keywords = {name: value for name, value in fields.items() if name != "mobile_number"}
    return {**keywords, "instrument_type": "MOBILE", "instrument_reference": fields["mobile_number"]}


def started_amount(status: object, transaction_id: str) -> int:
    """The amount of a payment as its status answer reports it (to bound a refund)."""
    amount = field_of(field_of(status, "data"), "amount")
    if type(amount) is not int:
        raise GatewayError(
            "the status answer carried no amount to check the refund against",
            transaction_id=transaction_id,
            remedy="give the payment's amount in paise yourself (original_amount=, or --original-amount in mgw refund)",
        )
    return amount


def card_or_wallet_sources(sources: object) -> list[Any]:
    """Inline pay's card and wallet sources as given (the spec's schema checks each before sending); a UPI source
    belongs to ``payments.start_upi_intent``, whose answer is an intent, not a page."""
    if isinstance(sources, str | bytes | Mapping) or not isinstance(sources, Sequence) or not sources:
        raise ValidationError(
            "payment_sources",
            'must be a list of sources, e.g. [{"mode": "card", "cardId": ...}] or [{"mode": "wallets"}]',
        )
    for index, source in enumerate(sources):
        mode = source.get("mode") if isinstance(source, Mapping) else getattr(source, "mode", None)
        if str(getattr(mode, "value", mode)) == "upi":
            raise ValidationError(
                f"paymentSources[{index}].mode",
                "upi is not a card or wallet source: start a UPI intent payment with payments.start_upi_intent",
            )
    return list(sources)
