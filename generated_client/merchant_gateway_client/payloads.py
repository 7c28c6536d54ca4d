# Generated from spec/openapi.yaml by generator/, do not edit.
"""The keyword form of every operation payload, typed from the spec: TypedDicts per operation.

Rendered by generator/public_api.py from the facts that render public_methods.py, so the two cannot disagree. For
each operation whose payload the caller gives:
- `<Operation>Optional` holds its optional keywords: payload fields and request headers, None meaning "not sent".
  `merchant_id` is not among them (the gateway fills it from its configuration). It extends
  `<Operation>PayloadOptional`, the optional payload fields alone (what a payload signed here for another sender,
  the app's SDK, takes without this client's headers);
- `<Operation>Keywords` adds the required ones but `transaction_id` (what a task method takes: it makes the id
  when not given), and `<Operation>Fields` adds `merchant_id` (from `ConfiguredMerchantId`, when the payload has
  the field) and `transaction_id`: the whole keyword form of the operation method.
Types are the generated models' (a nested model also as its wire mapping, an enum also as the Literal of its
values), so `**fields: Unpack[DebitV4WebOptional]` lets mypy reject a misspelt field or a value outside an enum.
Each key's docstring is the spec's description and limits.

Run-time validators read the same types: the models are imported at run time, not for type checkers alone, so
`typing.get_type_hints` resolves every key (the task layer imports this module when a gateway's first task
namespace is used, never with `import merchant_gateway`; the models package loads only the models named here).
pydantic (3.12+) takes each TypedDict as it is: see the end of the module.

`DOCS` gives, for every operation, its summary and each keyword's wire name, description and limits: the task
layer builds its docstrings from it and from the outcome table, instead of copying them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, NamedTuple, TypedDict, is_typeddict

from .models import (
    CallbackMode,
    CallMode,
    CardPaymentSource,
    DeviceContext,
    InstrumentType,
    MerchantContext,
    OtpRequestType,
    PaymentScope,
    RedirectMode,
    UpiPaymentSource,
    WalletsPaymentSource,
)


class KeywordDoc(NamedTuple):
    """One keyword of an operation method, as the spec describes it."""

    wire: str  # payload field or HTTP header
    required: bool
    description: str
    limits: str  # ", "-joined, empty when the schema states none


class OperationDoc(NamedTuple):
    """An operation's summary and its keywords (path parameters, payload fields, request headers) by Python name."""

    name: str  # the operation method
    summary: str
    keywords: Mapping[str, KeywordDoc]


# An optional key is declared in a total=False class, never as NotRequired[...]: with postponed annotations (the
# __future__ import above) typing.TypedDict sees the string "NotRequired[...]" and counts the key as required at
# run time, which misleads run-time validators although mypy reads it right.
class ConfiguredMerchantId(TypedDict, total=False):
    """``merchant_id`` of every ``<Operation>Fields`` whose payload has the field: optional, None (or not given)
    meaning the configured merchant id."""

    merchant_id: str | None
    """Default: the configured merchant id."""


class DebitV3PayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``debit_v3`` (debitV3); None is "not sent".
    Those of DebitPayload, without the request headers ``DebitV3Optional`` adds."""

    merchant_user_id: str | None
    """Pre-logs the user in. Required except for guest users. Not together with userAuthToken; avoid email or
    mobile number here."""

    user_auth_token: str | None
    """Only in the OTP linking flow. Pre-logs the user in; without it unauthenticated users are sent to a login
    page."""

    merchant_order_id: str | None
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""

    sub_merchant: str | None
    """Only when several merchants are tagged under one merchant id."""

    mobile_number: str | None
    """User's mobile number."""

    message: str | None
    """Shown to the user on completion."""

    email: str | None
    """User's email."""

    short_name: str | None
    """Pre-filled name for registration."""

    merchant_context: MerchantContext | Mapping[str, object] | None
    """Only if deep offers are allocated."""


class DebitV3Optional(DebitV3PayloadOptional, total=False):
    """The optional keywords of ``debit_v3`` (debitV3): payload fields of DebitPayload and request
    headers; None is "not sent"."""

    redirect_url: str | None
    """Merchant URL the user is sent to after the payment UI flow (UI callback target)."""

    redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None
    """How the user is sent to X-REDIRECT-URL: REDIRECT (browser redirect) or POST (form post, see the uiCallback
    webhook). The interface document gives the default as "REDIRECT/POST"; send the header explicitly. (one of
    REDIRECT, POST)"""

    callback_url: str | None
    """Per-request server-to-server callback URL; wins over the URL registered with the service."""

    call_mode: CallMode | Literal["POST", "PUT"] | None
    """HTTP method of the server-to-server callback (POST or PUT; default POST). (one of POST, PUT) Default: POST,
    the documented default."""

    provider_id: str | None
    """Used when the merchant has several merchant ids."""


class DebitV3Keywords(DebitV3Optional):
    """The keywords of ``debit_v3`` (debitV3) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""


class DebitV3Fields(DebitV3Keywords, ConfiguredMerchantId):
    """Every keyword of ``debit_v3`` (debitV3), its whole keyword form:
    ``DebitV3Keywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class DebitV4WebPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``debit_v4_web`` (debitV4Web); None is "not sent".
    Those of DebitPayload, without the request headers ``DebitV4WebOptional`` adds."""

    merchant_user_id: str | None
    """Pre-logs the user in. Required except for guest users. Not together with userAuthToken; avoid email or
    mobile number here."""

    user_auth_token: str | None
    """Only in the OTP linking flow. Pre-logs the user in; without it unauthenticated users are sent to a login
    page."""

    merchant_order_id: str | None
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""

    sub_merchant: str | None
    """Only when several merchants are tagged under one merchant id."""

    mobile_number: str | None
    """User's mobile number."""

    message: str | None
    """Shown to the user on completion."""

    email: str | None
    """User's email."""

    short_name: str | None
    """Pre-filled name for registration."""

    merchant_context: MerchantContext | Mapping[str, object] | None
    """Only if deep offers are allocated."""


class DebitV4WebOptional(DebitV4WebPayloadOptional, total=False):
    """The optional keywords of ``debit_v4_web`` (debitV4Web): payload fields of DebitPayload and request
    headers; None is "not sent"."""

    redirect_url: str | None
    """Merchant URL the user is sent to after the payment UI flow (UI callback target)."""

    redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None
    """How the user is sent to X-REDIRECT-URL: REDIRECT (browser redirect) or POST (form post, see the uiCallback
    webhook). The interface document gives the default as "REDIRECT/POST"; send the header explicitly. (one of
    REDIRECT, POST)"""

    callback_url: str | None
    """Per-request server-to-server callback URL; wins over the URL registered with the service."""

    call_mode: CallMode | Literal["POST", "PUT"] | None
    """HTTP method of the server-to-server callback (POST or PUT; default POST). (one of POST, PUT) Default: POST,
    the documented default."""

    provider_id: str | None
    """Used when the merchant has several merchant ids."""


class DebitV4WebKeywords(DebitV4WebOptional):
    """The keywords of ``debit_v4_web`` (debitV4Web) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""


class DebitV4WebFields(DebitV4WebKeywords, ConfiguredMerchantId):
    """Every keyword of ``debit_v4_web`` (debitV4Web), its whole keyword form:
    ``DebitV4WebKeywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class DebitV4IntentPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``debit_v4_intent`` (debitV4Intent); None is "not sent".
    Those of DebitIntentPayload, without the request headers ``DebitV4IntentOptional`` adds."""

    merchant_user_id: str | None
    """Pre-logs the user in. Required except for guest users. Not together with userAuthToken."""

    user_auth_token: str | None
    """Only in the OTP linking flow."""

    sub_merchant: str | None
    """Only when several merchants are tagged under one merchant id."""

    mobile_number: str | None
    """-"""

    message: str | None
    """Shown to the user on completion."""

    email: str | None
    """-"""

    short_name: str | None
    """Pre-filled name for registration."""

    merchant_context: MerchantContext | Mapping[str, object] | None
    """Only if deep offers are allocated."""


class DebitV4IntentOptional(DebitV4IntentPayloadOptional, total=False):
    """The optional keywords of ``debit_v4_intent`` (debitV4Intent): payload fields of DebitIntentPayload and request
    headers; None is "not sent"."""

    callback_url: str | None
    """Per-request server-to-server callback URL; wins over the URL registered with the service."""

    call_mode: CallMode | Literal["POST", "PUT"] | None
    """HTTP method of the server-to-server callback (POST or PUT; default POST). (one of POST, PUT) Default: POST,
    the documented default."""


class DebitV4IntentKeywords(DebitV4IntentOptional):
    """The keywords of ``debit_v4_intent`` (debitV4Intent) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""

    merchant_order_id: str
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""

    payment_scope: PaymentScope | Literal["PLATFORM"]
    """Must be PLATFORM. (one of PLATFORM)"""

    device_context: DeviceContext | Mapping[str, object]
    """Device facts of the intent variant."""


class DebitV4IntentFields(DebitV4IntentKeywords, ConfiguredMerchantId):
    """Every keyword of ``debit_v4_intent`` (debitV4Intent), its whole keyword form:
    ``DebitV4IntentKeywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class RefundV3PayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``refund_v3`` (refundV3); None is "not sent".
    Those of RefundV3Payload, without the request headers ``RefundV3Optional`` adds."""

    original_transaction_id: str | None
    """Merchant transaction id of the forward payment (one of originalTransactionId and providerReferenceId)."""

    provider_reference_id: str | None
    """The service's id of the forward payment (one of originalTransactionId and providerReferenceId)."""

    sub_merchant: str | None
    """Tag (v3 path)."""


class RefundV3Optional(RefundV3PayloadOptional, total=False):
    """The optional keywords of ``refund_v3`` (refundV3): payload fields of RefundV3Payload and request
    headers; None is "not sent"."""

    pass


class RefundV3Keywords(RefundV3Optional):
    """The keywords of ``refund_v3`` (refundV3) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""

    merchant_order_id: str
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""

    message: str
    """Refund message."""


class RefundV3Fields(RefundV3Keywords, ConfiguredMerchantId):
    """Every keyword of ``refund_v3`` (refundV3), its whole keyword form:
    ``RefundV3Keywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class RefundV4PayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``refund_v4`` (refundV4); None is "not sent".
    Those of RefundV4Payload, without the request headers ``RefundV4Optional`` adds."""

    original_transaction_id: str | None
    """Merchant transaction id of the forward payment (one of originalTransactionId and providerReferenceId)."""

    provider_reference_id: str | None
    """The service's id of the forward payment (one of originalTransactionId and providerReferenceId)."""

    sub_merchant_id: str | None
    """Tag (v4 and apps-host paths)."""


class RefundV4Optional(RefundV4PayloadOptional, total=False):
    """The optional keywords of ``refund_v4`` (refundV4): payload fields of RefundV4Payload and request
    headers; None is "not sent"."""

    callback_url: str | None
    """Per-request server-to-server callback URL; wins over the URL registered with the service."""

    callback_mode: CallbackMode | Literal["POST", "PUT"] | None
    """HTTP method of the refund's server-to-server callback (POST or PUT; default POST). (one of POST, PUT)"""


class RefundV4Keywords(RefundV4Optional):
    """The keywords of ``refund_v4`` (refundV4) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""

    merchant_order_id: str
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""

    message: str
    """Refund message."""


class RefundV4Fields(RefundV4Keywords, ConfiguredMerchantId):
    """Every keyword of ``refund_v4`` (refundV4), its whole keyword form:
    ``RefundV4Keywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class RefundAppsHostPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``refund_apps_host`` (refundAppsHost); None is "not sent".
    Those of RefundV4Payload, without the request headers ``RefundAppsHostOptional`` adds."""

    original_transaction_id: str | None
    """Merchant transaction id of the forward payment (one of originalTransactionId and providerReferenceId)."""

    provider_reference_id: str | None
    """The service's id of the forward payment (one of originalTransactionId and providerReferenceId)."""

    sub_merchant_id: str | None
    """Tag (v4 and apps-host paths)."""


class RefundAppsHostOptional(RefundAppsHostPayloadOptional, total=False):
    """The optional keywords of ``refund_apps_host`` (refundAppsHost): payload fields of RefundV4Payload and request
    headers; None is "not sent"."""

    client_id: str | None
    """Merchant id on apps-host calls, unless another value was shared (default is the merchant id). Default: the
    configured merchant id (the interface document: unless another value was shared)."""


class RefundAppsHostKeywords(RefundAppsHostOptional):
    """The keywords of ``refund_apps_host`` (refundAppsHost) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""

    merchant_order_id: str
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""

    message: str
    """Refund message."""


class RefundAppsHostFields(RefundAppsHostKeywords, ConfiguredMerchantId):
    """Every keyword of ``refund_apps_host`` (refundAppsHost), its whole keyword form:
    ``RefundAppsHostKeywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class FulfillDeferredRefundPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``fulfill_deferred_refund`` (fulfillDeferredRefund); None is "not sent".
    Those of DeferredFulfillPayload, without the request headers ``FulfillDeferredRefundOptional`` adds."""

    sub_merchant: str | None
    """-"""

    mobile_number: str | None
    """-"""

    message: str | None
    """Shown on the success page."""

    email: str | None
    """-"""

    short_name: str | None
    """-"""


class FulfillDeferredRefundOptional(FulfillDeferredRefundPayloadOptional, total=False):
    """The optional keywords of ``fulfill_deferred_refund`` (fulfillDeferredRefund): payload fields of DeferredFulfillPayload and request
    headers; None is "not sent"."""

    pass


class FulfillDeferredRefundKeywords(FulfillDeferredRefundOptional):
    """The keywords of ``fulfill_deferred_refund`` (fulfillDeferredRefund) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    merchant_user_id: str
    """-"""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""

    merchant_order_id: str
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""


class FulfillDeferredRefundFields(FulfillDeferredRefundKeywords, ConfiguredMerchantId):
    """Every keyword of ``fulfill_deferred_refund`` (fulfillDeferredRefund), its whole keyword form:
    ``FulfillDeferredRefundKeywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class CollectRequestPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``collect_request`` (collectRequest); None is "not sent".
    Those of CollectPayload, without the request headers ``CollectRequestOptional`` adds."""

    message: str | None
    """Recommended to carry transaction id, order id, invoice number."""

    email: str | None
    """-"""

    short_name: str | None
    """Customer name."""

    sub_merchant: str | None
    """Tag (v3 listing)."""

    sub_merchant_id: str | None
    """Tag (later listing)."""

    store_id: str | None
    """Unique across stores (optional in one listing, required in another)."""

    terminal_id: str | None
    """Unique within a store."""


class CollectRequestOptional(CollectRequestPayloadOptional, total=False):
    """The optional keywords of ``collect_request`` (collectRequest): payload fields of CollectPayload and request
    headers; None is "not sent"."""

    pass


class CollectRequestKeywords(CollectRequestOptional):
    """The keywords of ``collect_request`` (collectRequest) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    merchant_order_id: str
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""

    instrument_type: InstrumentType | Literal["MOBILE"]
    """Value MOBILE. (one of MOBILE)"""

    instrument_reference: str
    """User's mobile number. (at least 1 characters)"""

    expires_in: int
    """Time within which the payment must complete, else it is marked failed. Default 30 days; the sample uses 180
    and the status guidance counts it in seconds (seconds: 30 days = 2592000). (>= 1)"""

    callback_url: str
    """Server-to-server callback URL of the collect request (required on /v3/charge)."""


class CollectRequestFields(CollectRequestKeywords, ConfiguredMerchantId):
    """Every keyword of ``collect_request`` (collectRequest), its whole keyword form:
    ``CollectRequestKeywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class TriggerTestCallbackPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``trigger_test_callback`` (triggerTestCallback); None is "not sent".
    Those of TestCallbackRequest, without the request headers ``TriggerTestCallbackOptional`` adds."""

    pass


class TriggerTestCallbackOptional(TriggerTestCallbackPayloadOptional, total=False):
    """The optional keywords of ``trigger_test_callback`` (triggerTestCallback): payload fields of TestCallbackRequest and request
    headers; None is "not sent"."""

    call_mode: CallMode | Literal["POST", "PUT"] | None
    """HTTP method of the test callback (POST or PUT). (one of POST, PUT) Default: POST, the documented default."""


class TriggerTestCallbackKeywords(TriggerTestCallbackOptional):
    """The keywords of ``trigger_test_callback`` (triggerTestCallback) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """Paise; must be greater than or equal to 1. Ambiguous minimum: the interface document also says "at least 1
    rupee/100 paise"; send at least 100 to be safe under both readings. (>= 1)"""

    callback_url: str
    """Merchant URL that receives the test server-to-server callback."""


class TriggerTestCallbackFields(TriggerTestCallbackKeywords, ConfiguredMerchantId):
    """Every keyword of ``trigger_test_callback`` (triggerTestCallback), its whole keyword form:
    ``TriggerTestCallbackKeywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class InstantDebitPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``instant_debit`` (instantDebit); None is "not sent".
    Those of InstantDebitPayload, without the request headers ``InstantDebitOptional`` adds."""

    email: str | None
    """-"""

    short_name: str | None
    """-"""

    sub_merchant: str | None
    """Carried by the sample payload."""

    message: str | None
    """Carried by the sample payload."""


class InstantDebitOptional(InstantDebitPayloadOptional, total=False):
    """The optional keywords of ``instant_debit`` (instantDebit): payload fields of InstantDebitPayload and request
    headers; None is "not sent"."""

    pass


class InstantDebitKeywords(InstantDebitOptional):
    """The keywords of ``instant_debit`` (instantDebit) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""

    mobile_number: str
    """Number on which the OTP was sent."""

    merchant_order_id: str
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""

    user_auth_token: str
    """From OTP verification."""


class InstantDebitFields(InstantDebitKeywords, ConfiguredMerchantId):
    """Every keyword of ``instant_debit`` (instantDebit), its whole keyword form:
    ``InstantDebitKeywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class InlinePayWithGetPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``inline_pay_with_get`` (inlinePayWithGet); None is "not sent".
    Those of InlinePayPayload, without the request headers ``InlinePayWithGetOptional`` adds."""

    merchant_user_id: str | None
    """User id (one of merchantUserId and userAuthToken is required)."""

    user_auth_token: str | None
    """Token generated when linking (one of merchantUserId and userAuthToken is required)."""

    merchant_order_id: str | None
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""

    mobile_number: str | None
    """Required on the POST (direct debit) variant."""

    device_id: str | None
    """Encrypted device id collected from the Android app; for UPI inline requests."""


class InlinePayWithGetOptional(InlinePayWithGetPayloadOptional, total=False):
    """The optional keywords of ``inline_pay_with_get`` (inlinePayWithGet): payload fields of InlinePayPayload and request
    headers; None is "not sent"."""

    redirect_url: str | None
    """Merchant URL the user is sent to after the payment UI flow (UI callback target)."""

    redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None
    """How the user is sent to X-REDIRECT-URL: REDIRECT (browser redirect) or POST (form post, see the uiCallback
    webhook). The interface document gives the default as "REDIRECT/POST"; send the header explicitly. (one of
    REDIRECT, POST)"""

    callback_url: str | None
    """Per-request server-to-server callback URL; wins over the URL registered with the service."""

    call_mode: CallMode | Literal["POST", "PUT"] | None
    """HTTP method of the server-to-server callback (POST or PUT; default POST). (one of POST, PUT) Default: POST,
    the documented default."""


class InlinePayWithGetKeywords(InlinePayWithGetOptional):
    """The keywords of ``inline_pay_with_get`` (inlinePayWithGet) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""

    payment_sources: Sequence[CardPaymentSource | UpiPaymentSource | WalletsPaymentSource | Mapping[str, object]]
    """Selected instruments."""


class InlinePayWithGetFields(InlinePayWithGetKeywords, ConfiguredMerchantId):
    """Every keyword of ``inline_pay_with_get`` (inlinePayWithGet), its whole keyword form:
    ``InlinePayWithGetKeywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class InlinePayPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``inline_pay`` (inlinePay); None is "not sent".
    Those of InlinePayPayload, without the request headers ``InlinePayOptional`` adds."""

    merchant_user_id: str | None
    """User id (one of merchantUserId and userAuthToken is required)."""

    user_auth_token: str | None
    """Token generated when linking (one of merchantUserId and userAuthToken is required)."""

    merchant_order_id: str | None
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""

    mobile_number: str | None
    """Required on the POST (direct debit) variant."""

    device_id: str | None
    """Encrypted device id collected from the Android app; for UPI inline requests."""


class InlinePayOptional(InlinePayPayloadOptional, total=False):
    """The optional keywords of ``inline_pay`` (inlinePay): payload fields of InlinePayPayload and request
    headers; None is "not sent"."""

    redirect_url: str | None
    """Merchant URL the user is sent to after the payment UI flow (UI callback target)."""

    redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None
    """How the user is sent to X-REDIRECT-URL: REDIRECT (browser redirect) or POST (form post, see the uiCallback
    webhook). The interface document gives the default as "REDIRECT/POST"; send the header explicitly. (one of
    REDIRECT, POST)"""

    callback_url: str | None
    """Per-request server-to-server callback URL; wins over the URL registered with the service."""

    call_mode: CallMode | Literal["POST", "PUT"] | None
    """HTTP method of the server-to-server callback (POST or PUT; default POST). (one of POST, PUT) Default: POST,
    the documented default."""


class InlinePayKeywords(InlinePayOptional):
    """The keywords of ``inline_pay`` (inlinePay) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""

    payment_sources: Sequence[CardPaymentSource | UpiPaymentSource | WalletsPaymentSource | Mapping[str, object]]
    """Selected instruments."""


class InlinePayFields(InlinePayKeywords, ConfiguredMerchantId):
    """Every keyword of ``inline_pay`` (inlinePay), its whole keyword form:
    ``InlinePayKeywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class GetPaymentOptionsPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``get_payment_options`` (getPaymentOptions); None is "not sent".
    Those of PaymentOptionsPayload, without the request headers ``GetPaymentOptionsOptional`` adds."""

    merchant_user_id: str | None
    """User id (one of merchantUserId and userAuthToken is required)."""

    user_auth_token: str | None
    """Linking token (one of merchantUserId and userAuthToken is required)."""

    merchant_order_id: str | None
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""


class GetPaymentOptionsOptional(GetPaymentOptionsPayloadOptional, total=False):
    """The optional keywords of ``get_payment_options`` (getPaymentOptions): payload fields of PaymentOptionsPayload and request
    headers; None is "not sent"."""

    merchant_device_id: str | None
    """Encrypted device id collected from the Android app."""


class GetPaymentOptionsKeywords(GetPaymentOptionsOptional):
    """The keywords of ``get_payment_options`` (getPaymentOptions) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""


class GetPaymentOptionsFields(GetPaymentOptionsKeywords, ConfiguredMerchantId):
    """Every keyword of ``get_payment_options`` (getPaymentOptions), its whole keyword form:
    ``GetPaymentOptionsKeywords`` and ``merchant_id`` (optional)."""

    pass


class UnlinkUserPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``unlink_user`` (unlinkUser); None is "not sent".
    Those of UnlinkPayload, without the request headers ``UnlinkUserOptional`` adds."""

    pass


class UnlinkUserOptional(UnlinkUserPayloadOptional, total=False):
    """The optional keywords of ``unlink_user`` (unlinkUser): payload fields of UnlinkPayload and request
    headers; None is "not sent"."""

    pass


class UnlinkUserKeywords(UnlinkUserOptional):
    """The keywords of ``unlink_user`` (unlinkUser) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    user_auth_token: str
    """Token to disable."""


class UnlinkUserFields(UnlinkUserKeywords, ConfiguredMerchantId):
    """Every keyword of ``unlink_user`` (unlinkUser), its whole keyword form:
    ``UnlinkUserKeywords`` and ``merchant_id`` (optional)."""

    pass


class SendOtpPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``send_otp`` (sendOtp); None is "not sent".
    Those of OtpSendPayload, without the request headers ``SendOtpOptional`` adds."""

    email: str | None
    """-"""

    short_name: str | None
    """-"""

    request_type: OtpRequestType | Literal["CREDIT", "WALLET"] | None
    """Kind of linking requested. (one of WALLET, CREDIT)"""


class SendOtpOptional(SendOtpPayloadOptional, total=False):
    """The optional keywords of ``send_otp`` (sendOtp): payload fields of OtpSendPayload and request
    headers; None is "not sent"."""

    pass


class SendOtpKeywords(SendOtpOptional):
    """The keywords of ``send_otp`` (sendOtp) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    mobile_number: str
    """Mobile number that receives the OTP."""


class SendOtpFields(SendOtpKeywords, ConfiguredMerchantId):
    """Every keyword of ``send_otp`` (sendOtp), its whole keyword form:
    ``SendOtpKeywords`` and ``merchant_id`` (optional)."""

    pass


class VerifyOtpPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``verify_otp`` (verifyOtp); None is "not sent".
    Those of OtpVerifyPayload, without the request headers ``VerifyOtpOptional`` adds."""

    pass


class VerifyOtpOptional(VerifyOtpPayloadOptional, total=False):
    """The optional keywords of ``verify_otp`` (verifyOtp): payload fields of OtpVerifyPayload and request
    headers; None is "not sent"."""

    pass


class VerifyOtpKeywords(VerifyOtpOptional):
    """The keywords of ``verify_otp`` (verifyOtp) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    otp_token: str
    """The latest otpToken issued by sendOtp."""

    otp: str
    """OTP typed by the user."""


class VerifyOtpFields(VerifyOtpKeywords, ConfiguredMerchantId):
    """Every keyword of ``verify_otp`` (verifyOtp), its whole keyword form:
    ``VerifyOtpKeywords`` and ``merchant_id`` (optional)."""

    pass


class GetSsoAccessTokenPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``get_sso_access_token`` (getSsoAccessToken); None is "not sent".
    Those of SsoAccessPayload, without the request headers ``GetSsoAccessTokenOptional`` adds."""

    pass


class GetSsoAccessTokenOptional(GetSsoAccessTokenPayloadOptional, total=False):
    """The optional keywords of ``get_sso_access_token`` (getSsoAccessToken): payload fields of SsoAccessPayload and request
    headers; None is "not sent"."""

    client_id: str | None
    """Merchant id on single-sign-on calls, unless another value was shared. Default: the configured merchant id
    (the interface document: unless another value was shared)."""


class GetSsoAccessTokenKeywords(GetSsoAccessTokenOptional):
    """The keywords of ``get_sso_access_token`` (getSsoAccessToken) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    grant_token: str
    """-"""


class GetSsoAccessTokenFields(GetSsoAccessTokenKeywords):
    """Every keyword of ``get_sso_access_token`` (getSsoAccessToken), its whole keyword form:
    ``GetSsoAccessTokenKeywords``."""

    pass


class InitiateSdkLessPaymentPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``initiate_sdk_less_payment`` (initiateSdkLessPayment); None is "not sent".
    Those of SdkLessInitiatePayload, without the request headers ``InitiateSdkLessPaymentOptional`` adds."""

    sub_merchant_id: str | None
    """Only when told to send it."""


class InitiateSdkLessPaymentOptional(InitiateSdkLessPaymentPayloadOptional, total=False):
    """The optional keywords of ``initiate_sdk_less_payment`` (initiateSdkLessPayment): payload fields of SdkLessInitiatePayload and request
    headers; None is "not sent"."""

    client_id: str | None
    """Merchant id on apps-host calls, unless another value was shared (default is the merchant id). Default: the
    configured merchant id (the interface document: unless another value was shared)."""

    callback_url: str | None
    """Per-request server-to-server callback URL; wins over the URL registered with the service."""


class InitiateSdkLessPaymentKeywords(InitiateSdkLessPaymentOptional):
    """The keywords of ``initiate_sdk_less_payment`` (initiateSdkLessPayment) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """Amount in paise (integer, Long). (>= 1)"""

    valid_for: int
    """Milliseconds for which the payment is valid. (>= 1)"""

    merchant_order_id: str
    """Merchant's order id; length < 48 characters. (at most 47 characters, at least 1 characters)"""

    redirect_url: str
    """Where the user is sent after finishing on the payments page."""

    transaction_context: str
    """Base64 of cart details typed by the request category (category tree maintained by the service). The cart
    details schema per category is not shown."""


class InitiateSdkLessPaymentFields(InitiateSdkLessPaymentKeywords, ConfiguredMerchantId):
    """Every keyword of ``initiate_sdk_less_payment`` (initiateSdkLessPayment), its whole keyword form:
    ``InitiateSdkLessPaymentKeywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


class AppProfilePayloadOptional(TypedDict, total=False):
    """The optional payload fields of appProfile (signed here, sent by the app's SDK); None is "not sent".
    Those of ProfilePayload, without the request headers ``AppProfileOptional`` adds."""

    mobile_number: str | None
    """-"""

    email: str | None
    """-"""

    short_name: str | None
    """-"""


class AppProfileOptional(AppProfilePayloadOptional, total=False):
    """The optional keywords of appProfile (signed here, sent by the app's SDK): payload fields of ProfilePayload and request
    headers; None is "not sent"."""

    pass


class AppProfileKeywords(AppProfileOptional):
    """The keywords of appProfile (signed here, sent by the app's SDK) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    merchant_user_id: str
    """-"""


class AppProfileFields(AppProfileKeywords, ConfiguredMerchantId):
    """Every keyword of appProfile (signed here, sent by the app's SDK), its whole keyword form:
    ``AppProfileKeywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that
    need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status
    path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the
    payment unreadable. (at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$)"""


DOCS: Mapping[str, OperationDoc] = {
    "getAuthorizationToken": OperationDoc(
        "get_authorization_token",
        "Issue an authorization token (client credentials)",
        {},
    ),
    "debitV3": OperationDoc(
        "debit_v3",
        "Debit v3 (web redirect; also the mobile SDK apiEndPoint)",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "merchant_user_id": KeywordDoc(
                "merchantUserId",
                False,
                "Pre-logs the user in. Required except for guest users. Not together with userAuthToken; avoid email or mobile number here.",
                "",
            ),
            "user_auth_token": KeywordDoc(
                "userAuthToken",
                False,
                "Only in the OTP linking flow. Pre-logs the user in; without it unauthenticated users are sent to a login page.",
                "",
            ),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                False,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "sub_merchant": KeywordDoc(
                "subMerchant", False, "Only when several merchants are tagged under one merchant id.", ""
            ),
            "mobile_number": KeywordDoc("mobileNumber", False, "User's mobile number.", ""),
            "message": KeywordDoc("message", False, "Shown to the user on completion.", ""),
            "email": KeywordDoc("email", False, "User's email.", ""),
            "short_name": KeywordDoc("shortName", False, "Pre-filled name for registration.", ""),
            "merchant_context": KeywordDoc("merchantContext", False, "Only if deep offers are allocated.", ""),
            "redirect_url": KeywordDoc(
                "X-REDIRECT-URL",
                False,
                "Merchant URL the user is sent to after the payment UI flow (UI callback target).",
                "",
            ),
            "redirect_mode": KeywordDoc(
                "X-REDIRECT-MODE",
                False,
                'How the user is sent to X-REDIRECT-URL: REDIRECT (browser redirect) or POST (form post, see the uiCallback webhook). The interface document gives the default as "REDIRECT/POST"; send the header explicitly.',
                "one of REDIRECT, POST",
            ),
            "callback_url": KeywordDoc(
                "X-CALLBACK-URL",
                False,
                "Per-request server-to-server callback URL; wins over the URL registered with the service.",
                "",
            ),
            "call_mode": KeywordDoc(
                "X-CALL-MODE",
                False,
                "HTTP method of the server-to-server callback (POST or PUT; default POST). Default: POST, the documented default.",
                "one of POST, PUT",
            ),
            "provider_id": KeywordDoc("X-PROVIDER-ID", False, "Used when the merchant has several merchant ids.", ""),
        },
    ),
    "debitV4Web": OperationDoc(
        "debit_v4_web",
        "Debit v4 (web)",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "merchant_user_id": KeywordDoc(
                "merchantUserId",
                False,
                "Pre-logs the user in. Required except for guest users. Not together with userAuthToken; avoid email or mobile number here.",
                "",
            ),
            "user_auth_token": KeywordDoc(
                "userAuthToken",
                False,
                "Only in the OTP linking flow. Pre-logs the user in; without it unauthenticated users are sent to a login page.",
                "",
            ),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                False,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "sub_merchant": KeywordDoc(
                "subMerchant", False, "Only when several merchants are tagged under one merchant id.", ""
            ),
            "mobile_number": KeywordDoc("mobileNumber", False, "User's mobile number.", ""),
            "message": KeywordDoc("message", False, "Shown to the user on completion.", ""),
            "email": KeywordDoc("email", False, "User's email.", ""),
            "short_name": KeywordDoc("shortName", False, "Pre-filled name for registration.", ""),
            "merchant_context": KeywordDoc("merchantContext", False, "Only if deep offers are allocated.", ""),
            "redirect_url": KeywordDoc(
                "X-REDIRECT-URL",
                False,
                "Merchant URL the user is sent to after the payment UI flow (UI callback target).",
                "",
            ),
            "redirect_mode": KeywordDoc(
                "X-REDIRECT-MODE",
                False,
                'How the user is sent to X-REDIRECT-URL: REDIRECT (browser redirect) or POST (form post, see the uiCallback webhook). The interface document gives the default as "REDIRECT/POST"; send the header explicitly.',
                "one of REDIRECT, POST",
            ),
            "callback_url": KeywordDoc(
                "X-CALLBACK-URL",
                False,
                "Per-request server-to-server callback URL; wins over the URL registered with the service.",
                "",
            ),
            "call_mode": KeywordDoc(
                "X-CALL-MODE",
                False,
                "HTTP method of the server-to-server callback (POST or PUT; default POST). Default: POST, the documented default.",
                "one of POST, PUT",
            ),
            "provider_id": KeywordDoc("X-PROVIDER-ID", False, "Used when the merchant has several merchant ids.", ""),
        },
    ),
    "debitV4Intent": OperationDoc(
        "debit_v4_intent",
        "Debit v4 intent variant (UPI intent URI)",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                True,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "payment_scope": KeywordDoc("paymentScope", True, "Must be PLATFORM.", "one of PLATFORM"),
            "device_context": KeywordDoc("deviceContext", True, "Device facts of the intent variant.", ""),
            "merchant_user_id": KeywordDoc(
                "merchantUserId",
                False,
                "Pre-logs the user in. Required except for guest users. Not together with userAuthToken.",
                "",
            ),
            "user_auth_token": KeywordDoc("userAuthToken", False, "Only in the OTP linking flow.", ""),
            "sub_merchant": KeywordDoc(
                "subMerchant", False, "Only when several merchants are tagged under one merchant id.", ""
            ),
            "mobile_number": KeywordDoc("mobileNumber", False, "", ""),
            "message": KeywordDoc("message", False, "Shown to the user on completion.", ""),
            "email": KeywordDoc("email", False, "", ""),
            "short_name": KeywordDoc("shortName", False, "Pre-filled name for registration.", ""),
            "merchant_context": KeywordDoc("merchantContext", False, "Only if deep offers are allocated.", ""),
            "callback_url": KeywordDoc(
                "X-CALLBACK-URL",
                False,
                "Per-request server-to-server callback URL; wins over the URL registered with the service.",
                "",
            ),
            "call_mode": KeywordDoc(
                "X-CALL-MODE",
                False,
                "HTTP method of the server-to-server callback (POST or PUT; default POST). Default: POST, the documented default.",
                "one of POST, PUT",
            ),
        },
    ),
    "getTransactionStatus": OperationDoc(
        "get_transaction_status",
        "Transaction status (base host)",
        {
            "transaction_id": KeywordDoc(
                "transaction_id",
                True,
                "The merchant's transaction id (length < 38).",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
        },
    ),
    "getTransactionStatusAppsHost": OperationDoc(
        "get_transaction_status_apps_host",
        "Transaction status (apps host)",
        {
            "transaction_id": KeywordDoc(
                "transaction_id",
                True,
                "The merchant's transaction id (length < 38).",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "client_id": KeywordDoc(
                "X-CLIENT-ID",
                False,
                "Merchant id on apps-host calls, unless another value was shared (default is the merchant id). Default: the configured merchant id (the interface document: unless another value was shared).",
                "",
            ),
        },
    ),
    "refundV3": OperationDoc(
        "refund_v3",
        "Refund v3 (base host)",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                True,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "message": KeywordDoc("message", True, "Refund message.", ""),
            "original_transaction_id": KeywordDoc(
                "originalTransactionId",
                False,
                "Merchant transaction id of the forward payment (one of originalTransactionId and providerReferenceId).",
                "",
            ),
            "provider_reference_id": KeywordDoc(
                "providerReferenceId",
                False,
                "The service's id of the forward payment (one of originalTransactionId and providerReferenceId).",
                "",
            ),
            "sub_merchant": KeywordDoc("subMerchant", False, "Tag (v3 path).", ""),
        },
    ),
    "refundV4": OperationDoc(
        "refund_v4",
        "Refund v4 (base host)",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                True,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "message": KeywordDoc("message", True, "Refund message.", ""),
            "original_transaction_id": KeywordDoc(
                "originalTransactionId",
                False,
                "Merchant transaction id of the forward payment (one of originalTransactionId and providerReferenceId).",
                "",
            ),
            "provider_reference_id": KeywordDoc(
                "providerReferenceId",
                False,
                "The service's id of the forward payment (one of originalTransactionId and providerReferenceId).",
                "",
            ),
            "sub_merchant_id": KeywordDoc("subMerchantId", False, "Tag (v4 and apps-host paths).", ""),
            "callback_url": KeywordDoc(
                "X-CALLBACK-URL",
                False,
                "Per-request server-to-server callback URL; wins over the URL registered with the service.",
                "",
            ),
            "callback_mode": KeywordDoc(
                "X-CALLBACK-MODE",
                False,
                "HTTP method of the refund's server-to-server callback (POST or PUT; default POST).",
                "one of POST, PUT",
            ),
        },
    ),
    "refundAppsHost": OperationDoc(
        "refund_apps_host",
        "Refund (apps host)",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                True,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "message": KeywordDoc("message", True, "Refund message.", ""),
            "original_transaction_id": KeywordDoc(
                "originalTransactionId",
                False,
                "Merchant transaction id of the forward payment (one of originalTransactionId and providerReferenceId).",
                "",
            ),
            "provider_reference_id": KeywordDoc(
                "providerReferenceId",
                False,
                "The service's id of the forward payment (one of originalTransactionId and providerReferenceId).",
                "",
            ),
            "sub_merchant_id": KeywordDoc("subMerchantId", False, "Tag (v4 and apps-host paths).", ""),
            "client_id": KeywordDoc(
                "X-CLIENT-ID",
                False,
                "Merchant id on apps-host calls, unless another value was shared (default is the merchant id). Default: the configured merchant id (the interface document: unless another value was shared).",
                "",
            ),
        },
    ),
    "fulfillDeferredRefund": OperationDoc(
        "fulfill_deferred_refund",
        "Deferred (cash on delivery) refund fulfilment",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "merchant_user_id": KeywordDoc("merchantUserId", True, "", ""),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                True,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "sub_merchant": KeywordDoc("subMerchant", False, "", ""),
            "mobile_number": KeywordDoc("mobileNumber", False, "", ""),
            "message": KeywordDoc("message", False, "Shown on the success page.", ""),
            "email": KeywordDoc("email", False, "", ""),
            "short_name": KeywordDoc("shortName", False, "", ""),
        },
    ),
    "collectRequest": OperationDoc(
        "collect_request",
        "Collect request (offline request payment)",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                True,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "instrument_type": KeywordDoc("instrumentType", True, "Value MOBILE.", "one of MOBILE"),
            "instrument_reference": KeywordDoc(
                "instrumentReference", True, "User's mobile number.", "at least 1 characters"
            ),
            "expires_in": KeywordDoc(
                "expiresIn",
                True,
                "Time within which the payment must complete, else it is marked failed. Default 30 days; the sample uses 180 and the status guidance counts it in seconds (seconds: 30 days = 2592000).",
                ">= 1",
            ),
            "message": KeywordDoc(
                "message", False, "Recommended to carry transaction id, order id, invoice number.", ""
            ),
            "email": KeywordDoc("email", False, "", ""),
            "short_name": KeywordDoc("shortName", False, "Customer name.", ""),
            "sub_merchant": KeywordDoc("subMerchant", False, "Tag (v3 listing).", ""),
            "sub_merchant_id": KeywordDoc("subMerchantId", False, "Tag (later listing).", ""),
            "store_id": KeywordDoc(
                "storeId", False, "Unique across stores (optional in one listing, required in another).", ""
            ),
            "terminal_id": KeywordDoc("terminalId", False, "Unique within a store.", ""),
            "callback_url": KeywordDoc(
                "X-CALLBACK-URL",
                True,
                "Server-to-server callback URL of the collect request (required on /v3/charge).",
                "",
            ),
        },
    ),
    "triggerTestCallback": OperationDoc(
        "trigger_test_callback",
        "Trigger a test server-to-server callback",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "amount": KeywordDoc(
                "amount",
                True,
                'Paise; must be greater than or equal to 1. Ambiguous minimum: the interface document also says "at least 1 rupee/100 paise"; send at least 100 to be safe under both readings.',
                ">= 1",
            ),
            "callback_url": KeywordDoc(
                "x-callback-url", True, "Merchant URL that receives the test server-to-server callback.", ""
            ),
            "call_mode": KeywordDoc(
                "x-call-mode",
                False,
                "HTTP method of the test callback (POST or PUT). Default: POST, the documented default.",
                "one of POST, PUT",
            ),
        },
    ),
    "getWalletBalance": OperationDoc(
        "get_wallet_balance",
        "Wallet balance of a linked user",
        {
            "user_auth_token": KeywordDoc(
                "user_auth_token",
                True,
                "Auth token of the linked user (OTP linking flow only).",
                "at least 1 characters",
            ),
        },
    ),
    "instantDebit": OperationDoc(
        "instant_debit",
        "Direct wallet debit for a linked user",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "mobile_number": KeywordDoc("mobileNumber", True, "Number on which the OTP was sent.", ""),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                True,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "user_auth_token": KeywordDoc("userAuthToken", True, "From OTP verification.", ""),
            "email": KeywordDoc("email", False, "", ""),
            "short_name": KeywordDoc("shortName", False, "", ""),
            "sub_merchant": KeywordDoc("subMerchant", False, "Carried by the sample payload.", ""),
            "message": KeywordDoc("message", False, "Carried by the sample payload.", ""),
        },
    ),
    "inlinePayWithGet": OperationDoc(
        "inline_pay_with_get",
        "Inline pay with a selected instrument (GET carrying a body)",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "payment_sources": KeywordDoc("paymentSources", True, "Selected instruments.", ""),
            "merchant_user_id": KeywordDoc(
                "merchantUserId", False, "User id (one of merchantUserId and userAuthToken is required).", ""
            ),
            "user_auth_token": KeywordDoc(
                "userAuthToken",
                False,
                "Token generated when linking (one of merchantUserId and userAuthToken is required).",
                "",
            ),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                False,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "mobile_number": KeywordDoc("mobileNumber", False, "Required on the POST (direct debit) variant.", ""),
            "device_id": KeywordDoc(
                "deviceId", False, "Encrypted device id collected from the Android app; for UPI inline requests.", ""
            ),
            "redirect_url": KeywordDoc(
                "X-REDIRECT-URL",
                False,
                "Merchant URL the user is sent to after the payment UI flow (UI callback target).",
                "",
            ),
            "redirect_mode": KeywordDoc(
                "X-REDIRECT-MODE",
                False,
                'How the user is sent to X-REDIRECT-URL: REDIRECT (browser redirect) or POST (form post, see the uiCallback webhook). The interface document gives the default as "REDIRECT/POST"; send the header explicitly.',
                "one of REDIRECT, POST",
            ),
            "callback_url": KeywordDoc(
                "X-CALLBACK-URL",
                False,
                "Per-request server-to-server callback URL; wins over the URL registered with the service.",
                "",
            ),
            "call_mode": KeywordDoc(
                "X-CALL-MODE",
                False,
                "HTTP method of the server-to-server callback (POST or PUT; default POST). Default: POST, the documented default.",
                "one of POST, PUT",
            ),
        },
    ),
    "inlinePay": OperationDoc(
        "inline_pay",
        "Inline pay with a selected instrument (POST, direct debit variant)",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "payment_sources": KeywordDoc("paymentSources", True, "Selected instruments.", ""),
            "merchant_user_id": KeywordDoc(
                "merchantUserId", False, "User id (one of merchantUserId and userAuthToken is required).", ""
            ),
            "user_auth_token": KeywordDoc(
                "userAuthToken",
                False,
                "Token generated when linking (one of merchantUserId and userAuthToken is required).",
                "",
            ),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                False,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "mobile_number": KeywordDoc("mobileNumber", False, "Required on the POST (direct debit) variant.", ""),
            "device_id": KeywordDoc(
                "deviceId", False, "Encrypted device id collected from the Android app; for UPI inline requests.", ""
            ),
            "redirect_url": KeywordDoc(
                "X-REDIRECT-URL",
                False,
                "Merchant URL the user is sent to after the payment UI flow (UI callback target).",
                "",
            ),
            "redirect_mode": KeywordDoc(
                "X-REDIRECT-MODE",
                False,
                'How the user is sent to X-REDIRECT-URL: REDIRECT (browser redirect) or POST (form post, see the uiCallback webhook). The interface document gives the default as "REDIRECT/POST"; send the header explicitly.',
                "one of REDIRECT, POST",
            ),
            "callback_url": KeywordDoc(
                "X-CALLBACK-URL",
                False,
                "Per-request server-to-server callback URL; wins over the URL registered with the service.",
                "",
            ),
            "call_mode": KeywordDoc(
                "X-CALL-MODE",
                False,
                "HTTP method of the server-to-server callback (POST or PUT; default POST). Default: POST, the documented default.",
                "one of POST, PUT",
            ),
        },
    ),
    "getPaymentOptions": OperationDoc(
        "get_payment_options",
        "Payment options of a user",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "merchant_user_id": KeywordDoc(
                "merchantUserId", False, "User id (one of merchantUserId and userAuthToken is required).", ""
            ),
            "user_auth_token": KeywordDoc(
                "userAuthToken", False, "Linking token (one of merchantUserId and userAuthToken is required).", ""
            ),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                False,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "merchant_device_id": KeywordDoc(
                "X-MERCHANT-DEVICE-ID", False, "Encrypted device id collected from the Android app.", ""
            ),
        },
    ),
    "unlinkUser": OperationDoc(
        "unlink_user",
        "Unlink a linked user",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "user_auth_token": KeywordDoc("userAuthToken", True, "Token to disable.", ""),
        },
    ),
    "sendOtp": OperationDoc(
        "send_otp",
        "Send a linking OTP to the user's mobile number",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "mobile_number": KeywordDoc("mobileNumber", True, "Mobile number that receives the OTP.", ""),
            "email": KeywordDoc("email", False, "", ""),
            "short_name": KeywordDoc("shortName", False, "", ""),
            "request_type": KeywordDoc("requestType", False, "Kind of linking requested.", "one of WALLET, CREDIT"),
        },
    ),
    "verifyOtp": OperationDoc(
        "verify_otp",
        "Verify the linking OTP and obtain the userAuthToken",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "otp_token": KeywordDoc("otpToken", True, "The latest otpToken issued by sendOtp.", ""),
            "otp": KeywordDoc("otp", True, "OTP typed by the user.", ""),
        },
    ),
    "getSsoAccessToken": OperationDoc(
        "get_sso_access_token",
        "Exchange an SSO grant token for an access token",
        {
            "grant_token": KeywordDoc("grantToken", True, "", ""),
            "client_id": KeywordDoc(
                "X-CLIENT-ID",
                False,
                "Merchant id on single-sign-on calls, unless another value was shared. Default: the configured merchant id (the interface document: unless another value was shared).",
                "",
            ),
        },
    ),
    "getSsoUserDetails": OperationDoc(
        "get_sso_user_details",
        "SSO user details",
        {
            "client_id": KeywordDoc(
                "X-CLIENT-ID",
                False,
                "Merchant id on single-sign-on calls, unless another value was shared. Default: the configured merchant id (the interface document: unless another value was shared).",
                "",
            ),
            "access_token": KeywordDoc(
                "X-ACCESS-TOKEN", True, "SSO access token (from getSsoAccessToken) on the user details call.", ""
            ),
        },
    ),
    "initiateSdkLessPayment": OperationDoc(
        "initiate_sdk_less_payment",
        "Initiate an SDK-less payment",
        {
            "merchant_id": KeywordDoc(
                "merchantId",
                False,
                "Id assigned to the merchant. Default: the configured merchant id.",
                "at least 1 characters",
            ),
            "transaction_id": KeywordDoc(
                "transactionId",
                True,
                "Merchant-generated unique transaction id; length < 38 characters. Limited by this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character could make the payment unreadable.",
                "at most 37 characters, at least 1 characters, pattern ^[A-Za-z0-9._~-]+$",
            ),
            "amount": KeywordDoc("amount", True, "Amount in paise (integer, Long).", ">= 1"),
            "valid_for": KeywordDoc("validFor", True, "Milliseconds for which the payment is valid.", ">= 1"),
            "merchant_order_id": KeywordDoc(
                "merchantOrderId",
                True,
                "Merchant's order id; length < 48 characters.",
                "at most 47 characters, at least 1 characters",
            ),
            "redirect_url": KeywordDoc(
                "redirectUrl", True, "Where the user is sent after finishing on the payments page.", ""
            ),
            "transaction_context": KeywordDoc(
                "transactionContext",
                True,
                "Base64 of cart details typed by the request category (category tree maintained by the service). The cart details schema per category is not shown.",
                "",
            ),
            "sub_merchant_id": KeywordDoc("subMerchantId", False, "Only when told to send it.", ""),
            "client_id": KeywordDoc(
                "X-CLIENT-ID",
                False,
                "Merchant id on apps-host calls, unless another value was shared (default is the merchant id). Default: the configured merchant id (the interface document: unless another value was shared).",
                "",
            ),
            "callback_url": KeywordDoc(
                "X-CALLBACK-URL",
                False,
                "Per-request server-to-server callback URL; wins over the URL registered with the service.",
                "",
            ),
        },
    ),
}


def _checkable_by_pydantic() -> None:
    """Give every TypedDict here pydantic's configuration, in its documented ``__pydantic_config__`` attribute.

    Why: the models are attrs classes, for which pydantic has no schema, so it refuses a TypedDict naming one unless
    allowed to check them by isinstance (``arbitrary_types_allowed``); a key's wire mapping, the other half of its
    union, is still validated as a Mapping, and an enum or Literal value as one of the spec's. pydantic also takes
    this attribute from a TypedDict's bases, so the task layer's TypedDicts and a user's own subclasses have it.
    A plain dict, set with setattr (mypy knows no such attribute): pydantic is no dependency of this package.
    """
    for value in list(globals().values()):
        if is_typeddict(value) and value.__module__ == __name__:  # not one imported here
            setattr(value, "__pydantic_config__", {"arbitrary_types_allowed": True})  # noqa: B010


_checkable_by_pydantic()
