"""Verification of the messages the gateway sends to the merchant, independent of any web framework.

Why this module exists: callbacks arrive on a public URL, so anyone can post one. A callback is accepted only
when its checksum matches a configured salt (compared in constant time), and then it is decoded into the
generated models of its schema and cross-checked against what the merchant sent (the interface document: "the
merchant cross-checks amount and signature with the forward request"). Every malformed input raises
:class:`SignatureError` (or its subclass :class:`CallbackMismatchError`), never another exception type and never
acceptance.

One verifier: :class:`CallbackVerifier` holds every check. The module functions (``verify_payment_callback`` and
its siblings, for code that holds salts rather than a verifier: ``mgw verify-callback``, the conformance kit) and
``Gateway.verify_*`` (the README's entry point) are one-line aliases of it, kept because both are public API.

The decoded payload is read liberally, like every answer: ``PaymentCallbackPayload`` and its parts keep unknown
fields (``additional_properties``), open sets stay strings (``paymentState`` an enum member when known), absent
optional fields are None. What the verdict rests on is read strictly: ``success``, ``code``, ``data`` and its
``merchantId``, ``transactionId`` and integer ``amount`` must be there, and a field that is present with another
JSON type than the schema's is refused.

Formats (interface document, Events):
- S2S payment/refund callback and collect ("charge") callback: body ``{"response": "<base64 JSON>"}``, header
  ``X-VERIFY: sha256hex(response + salt_key) + "###" + salt_index``.
- UI form post: ``checksum = sha256hex(code + merchantId + transactionId + amount + providerReferenceId +
  param1..param20 + salt_key) + "###" + salt_index``, null or absent fields left out.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from .answer_json import answer_text
from .errors import CallbackMismatchError, SignatureError
from .verdicts import Expect, Verdict, judge, read_answer, table

if TYPE_CHECKING:  # the generated models (attrs) load with the first verification, not with the package
    from merchant_gateway_client.models import PaymentCallbackData, PaymentCallbackPayload

_DIGEST = re.compile(r"[0-9a-f]{64}")  # hexdigest() is lowercase; anything else is a different string
_INDEX = re.compile(r"[0-9]{1,9}")
_B64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")
_DIGITS = re.compile(r"[0-9]{1,19}")
UI_CHECKSUM_FIELDS = ("code", "merchantId", "transactionId", "amount", "providerReferenceId") + tuple(
    f"param{i}" for i in range(1, 21)
)
# the string fields of each part, by their schemas in spec/openapi.yaml: refused when present with another JSON type
_DATA_STRINGS = ("merchantId", "transactionId", "providerReferenceId", "paymentState", "payResponseCode")
_MODE_STRINGS = ("mode", "utr")
_CONTEXT_STRINGS = ("qrCodeId", "storeId", "terminalId", "posDeviceId")
_T = TypeVar("_T")
_R = TypeVar("_R")
_P = ParamSpec("_P")


@dataclass(frozen=True)
class PaymentCallback:
    """A verified S2S payment/refund callback with its verdict (merchant_gateway.verdicts, the webhook's row of the
    spec's outcome table): ``is_success`` only for PAYMENT_SUCCESS naming this transaction with exactly the
    ``expected_amount`` given to the verification (without one the verdict is ``unconfirmed``). Never paymentState.

    ``payload`` is the decoded ``response`` as the generated model; ``success``, ``code``, ``message`` and ``data``
    read it. ``transaction_id``, ``merchant_id`` and ``amount`` are the verified deciding fields (never None)."""

    payload: PaymentCallbackPayload
    salt_index: str = field(repr=False)
    verdict: Verdict = Verdict.UNKNOWN

    @property
    def success(self) -> bool:
        return self.payload.success

    @property
    def code(self) -> str:
        return self.payload.code

    @property
    def message(self) -> str | None:
        return self.payload.message

    @property
    def data(self) -> PaymentCallbackData:
        data = self.payload.data
        assert data is not None  # verification refuses a payload without data
        return data

    @property
    def transaction_id(self) -> str:
        return _present(self.data.transaction_id)

    @property
    def merchant_id(self) -> str:
        return _present(self.data.merchant_id)

    @property
    def amount(self) -> int:
        return _present(self.data.amount)

    @property
    def is_success(self) -> bool:
        return self.verdict is Verdict.SUCCEEDED


@dataclass(frozen=True)
class CollectCallback(PaymentCallback):
    """A verified collect (charge) callback; sent only for success or failure, never for pending."""


@dataclass(frozen=True)
class UiCallback:
    """A verified UI form post (redirect mode POST). Still call the status operation before fulfilling."""

    code: str
    merchant_id: str
    transaction_id: str
    amount: int
    provider_reference_id: str | None
    params: Mapping[str, str]
    salt_index: str = field(repr=False)


def _present(value: _T | None) -> _T:
    assert value is not None  # verification refuses a callback without it
    return value


class CallbackVerifier:
    """Callback verification bound to one merchant's salts (index -> key) and merchant id (``gateway.callbacks``).

    ``expected_amount``: the amount the order was sent with; without it a success is only ``unconfirmed``.
    ``expected_transaction_id``: the id the merchant waits for. A signed callback that names another amount,
    transaction id or merchant id raises :class:`CallbackMismatchError` (a :class:`SignatureError`)."""

    def __init__(self, salts: Mapping[str, str], merchant_id: str | None = None) -> None:
        self._salts = dict(salts)
        self._merchant_id = merchant_id

    def __repr__(self) -> str:
        return f"CallbackVerifier(merchant_id={self._merchant_id!r}, salt_indexes={sorted(self._salts)!r})"

    def verify_payment_callback(
        self,
        body: bytes,
        x_verify: str | bytes | None,
        *,
        expected_amount: int | None = None,
        expected_transaction_id: str | None = None,
    ) -> PaymentCallback:
        """Verify and decode an S2S payment/refund callback from its raw body bytes and X-VERIFY header."""
        return _guarded(self._verify_s2s, body, x_verify, "paymentCallback", expected_amount, expected_transaction_id)

    def verify_collect_callback(
        self,
        body: bytes,
        x_verify: str | bytes | None,
        *,
        expected_amount: int | None = None,
        expected_transaction_id: str | None = None,
    ) -> CollectCallback:
        """Verify and decode a collect (charge) callback; same wire format as the payment callback."""
        cb = _guarded(self._verify_s2s, body, x_verify, "chargeCallback", expected_amount, expected_transaction_id)
        return CollectCallback(cb.payload, cb.salt_index, cb.verdict)

    def verify_ui_callback(
        self,
        form: Mapping[str, str | None],
        *,
        expected_amount: int | None = None,
        expected_transaction_id: str | None = None,
    ) -> UiCallback:
        """Verify the UI form post (fields as received, including ``checksum``) and decode it."""
        return _guarded(self._verify_ui, form, expected_amount, expected_transaction_id)

    def _verify_s2s(
        self,
        body: object,
        x_verify: object,
        webhook: str,
        expected_amount: int | None,
        expected_transaction_id: str | None,
    ) -> PaymentCallback:
        if not isinstance(body, bytes | bytearray | memoryview):
            raise SignatureError(
                "the callback body must be the raw request body as bytes (await request.body()), not parsed"
            )
        digest, index, key = _parse_header(x_verify, self._salts)
        try:
            # the reading rules' byte order mark and strict UTF-8, as for every answer (answer_json.answer_text)
            text = answer_text(bytes(body))
            if text is None:
                raise ValueError("not UTF-8")
            envelope = json.loads(text)
        except (ValueError, UnicodeDecodeError, RecursionError):
            raise SignatureError(
                "callback body is not JSON: a UI form post (urlencoded) is checked with verify_ui_callback(form)"
            ) from None
        if not isinstance(envelope, dict) or not isinstance(envelope.get("response"), str):
            raise SignatureError(
                'callback body is not {"response": "<base64>"}: pass the raw body of the POST unchanged'
            )
        response: str = envelope["response"]
        if not response or not response.isascii() or not _B64.fullmatch(response):
            raise SignatureError("callback response is not strict base64: pass the raw body of the POST unchanged")
        if not hmac.compare_digest(_sha256_hex(response + key), digest):
            raise SignatureError(
                f"callback checksum does not match: check the salt key of index {index}, or it was tampered with "
                "(mgw verify-callback shows the check)"
            )
        try:
            raw = base64.b64decode(response, validate=True)
            raw_text = answer_text(raw)
            if raw_text is None:
                raise ValueError("not UTF-8")
            decoded = json.loads(raw_text)
        except (binascii.Error, ValueError, UnicodeDecodeError, RecursionError):
            raise SignatureError(
                "callback response is not base64 of JSON: refuse this callback and read the status"
            ) from None
        payload = _payload(decoded)
        data = payload.data
        assert data is not None
        assert data.amount is not None
        assert data.transaction_id is not None
        assert data.merchant_id is not None
        self._cross_check(data.amount, data.transaction_id, data.merchant_id, expected_amount, expected_transaction_id)
        # what the callback means, decided like every other answer (duplicate keys and all) from the webhook's row
        expect = Expect(expected_transaction_id or data.transaction_id, self._merchant_id, expected_amount)
        verdict = judge(table(webhook), status=200, answer=read_answer(raw), expect=expect).verdict
        return PaymentCallback(payload, index, verdict)

    def _verify_ui(self, form: object, expected_amount: int | None, expected_transaction_id: str | None) -> UiCallback:
        if not isinstance(form, Mapping):
            raise SignatureError("form must be a mapping of field name to value: pass dict(form) of the form post")
        digest, index, key = _parse_header(form.get("checksum"), self._salts, what="form's checksum field")
        if not hmac.compare_digest(_sha256_hex(ui_checksum_string(form) + key), digest):
            raise SignatureError(
                f"form checksum does not match: check the salt key of index {index}, and pass every field as posted"
            )
        amount_text = _req_str(form, "amount")
        if not _DIGITS.fullmatch(amount_text):
            raise SignatureError("form field amount is not an integer: refuse this callback and read the status")
        result = UiCallback(
            code=_req_str(form, "code"),
            merchant_id=_req_str(form, "merchantId"),
            transaction_id=_req_str(form, "transactionId"),
            amount=int(amount_text),
            provider_reference_id=_opt_str(form, "providerReferenceId"),
            params={n: v for n in UI_CHECKSUM_FIELDS[5:] if isinstance(v := form.get(n), str)},
            salt_index=index,
        )
        self._cross_check(
            result.amount, result.transaction_id, result.merchant_id, expected_amount, expected_transaction_id
        )
        return result

    def _cross_check(
        self,
        amount: int,
        transaction_id: str,
        merchant_id: str,
        expected_amount: int | None,
        expected_transaction_id: str | None,
    ) -> None:
        # correctly signed, yet not what was sent: never fulfil on it; the status operation is the source of truth
        if expected_amount is not None and amount != expected_amount:
            raise CallbackMismatchError(
                f"callback amount {amount} paise differs from the {expected_amount} paise sent: do not fulfil the "
                "order; read the payment's status (gateway.payments.retrieve) and decide by it",
                transaction_id=transaction_id,
            )
        if expected_transaction_id is not None and transaction_id != expected_transaction_id:
            raise CallbackMismatchError(
                f"callback transaction id {transaction_id} differs from the {expected_transaction_id} expected: look "
                "the order up by the callback's own transaction id (callback.transaction_id)",
            )
        expected_merchant_id = self._merchant_id
        if expected_merchant_id is not None and merchant_id != expected_merchant_id:
            raise CallbackMismatchError(
                f"callback merchant id {merchant_id} differs from the configured {expected_merchant_id}: it was sent "
                "for another merchant id; verify it with that merchant's Gateway (and its salt), or ignore it",
                transaction_id=transaction_id,
            )


def _guarded(check: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
    """Belt and braces: whatever slipped through the explicit checks still surfaces as SignatureError."""
    try:
        return check(*args, **kwargs)
    except SignatureError:
        raise
    except Exception:  # noqa: BLE001 - converted: one exception type for every refusal
        raise SignatureError("malformed callback: refuse this callback and read the status") from None


def _sha256_hex(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).hexdigest().encode("ascii")


def _parse_header(x_verify: object, salts: Mapping[str, str], what: str = "X-VERIFY header") -> tuple[bytes, str, str]:
    """Split ``<hex digest>###<index>``; return (digest bytes, salt index, salt key). ``what`` names where the
    checksum came from in the messages (the X-VERIFY header, or the form's checksum field)."""
    as_received = f"pass the {what} exactly as received"
    if isinstance(x_verify, bytes | bytearray):
        try:
            x_verify = bytes(x_verify).decode("ascii")
        except UnicodeDecodeError:
            raise SignatureError(f"the {what} is not ASCII: {as_received}") from None
    if not isinstance(x_verify, str) or not x_verify:
        remedy = (
            'pass request.headers.get("X-VERIFY")'
            if what.startswith("X-VERIFY")
            else "pass every field the form post carried (a JSON body is checked with verify_payment_callback)"
        )
        raise SignatureError(f"the {what} is missing: {remedy}")
    if not x_verify.isascii():
        raise SignatureError(f"the {what} is not ASCII: {as_received}")
    parts = x_verify.split("###")
    if len(parts) != 2:
        raise SignatureError(f"the {what} must be <digest>###<salt index>: {as_received}")
    digest, index = parts
    if not _DIGEST.fullmatch(digest):
        raise SignatureError(f"the {what}'s digest is not 64 lowercase hex digits: {as_received}")
    if not _INDEX.fullmatch(index):
        raise SignatureError(f"the {what}'s salt index is not a number: {as_received}")
    key = salts.get(index)
    if key is None:
        raise SignatureError(
            f"salt index {index} is not configured: add its salt key (GatewayConfig extra_salts={{{index!r}: key}})"
        )
    return digest.encode("ascii"), index, key


def _opt_str(obj: Mapping[str, object], key: str) -> str | None:
    value = obj.get(key)
    if value is None or isinstance(value, str):
        return value
    raise SignatureError(f"callback field {key} is not a string: refuse this callback and read the status")


def _req_str(obj: Mapping[str, object], key: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str):
        raise SignatureError(
            f"callback field {key} is missing or not a string: refuse this callback and read the status"
        )
    return value


def _check_strings(obj: Mapping[str, object], keys: tuple[str, ...], where: str) -> None:
    for key in keys:
        if obj.get(key) is not None and not isinstance(obj[key], str):
            raise SignatureError(
                f"callback field {where}{key} is not a string: refuse this callback and read the status"
            )


def _check_int(obj: Mapping[str, object], key: str, where: str) -> None:
    value = obj.get(key)
    if value is not None and type(value) is not int:
        raise SignatureError(f"callback field {where}{key} is not an integer: refuse this callback and read the status")


def _payload(decoded: object) -> PaymentCallbackPayload:
    """The decoded response as the generated model, once every known field present has its schema's JSON type."""
    if not isinstance(decoded, dict):
        raise SignatureError("callback payload is not a JSON object: refuse this callback and read the status")
    data = decoded.get("data")
    if not isinstance(decoded.get("success"), bool) or not isinstance(data, dict):
        raise SignatureError("callback payload lacks success or data: refuse this callback and read the status")
    _req_str(decoded, "code")
    _opt_str(decoded, "message")
    for key in ("merchantId", "transactionId"):
        _req_str(data, key)
    if type(data.get("amount")) is not int:
        raise SignatureError("callback field amount is not an integer: refuse this callback and read the status")
    _check_strings(data, _DATA_STRINGS, "")
    modes = data.get("paymentModes")
    if modes is not None and (not isinstance(modes, list) or not all(isinstance(m, dict) for m in modes)):
        raise SignatureError(
            "callback field paymentModes is not a list of objects: refuse this callback and read the status"
        )
    for mode in modes or ():
        _check_strings(mode, _MODE_STRINGS, "paymentModes[].")
        _check_int(mode, "amount", "paymentModes[].")
    ctx = data.get("transactionContext")
    if ctx is not None:
        if not isinstance(ctx, dict):
            raise SignatureError(
                "callback field transactionContext is not an object: refuse this callback and read the status"
            )
        _check_strings(ctx, _CONTEXT_STRINGS, "transactionContext.")
    from merchant_gateway_client.models import PaymentCallbackPayload

    return PaymentCallbackPayload.from_dict(decoded)


def ui_checksum_string(form: Mapping[str, object]) -> str:
    """The concatenation that the UI checksum hashes (before the salt key): documented order, nulls left out."""
    values = []
    for name in UI_CHECKSUM_FIELDS:
        value = form.get(name)
        if value is None:
            continue
        if not isinstance(value, str):
            raise SignatureError(f"form field {name} is not a single string: pass dict(form), one value per field")
        values.append(value)
    return "".join(values)


# --- aliases of CallbackVerifier for code that holds salts rather than a verifier (public API) --------------------


def verify_payment_callback(
    body: bytes,
    x_verify: str | bytes | None,
    salts: Mapping[str, str],
    *,
    expected_amount: int | None = None,
    expected_transaction_id: str | None = None,
    expected_merchant_id: str | None = None,
) -> PaymentCallback:
    """``CallbackVerifier(salts, expected_merchant_id).verify_payment_callback(...)``."""
    return CallbackVerifier(salts, expected_merchant_id).verify_payment_callback(
        body, x_verify, expected_amount=expected_amount, expected_transaction_id=expected_transaction_id
    )


def verify_collect_callback(
    body: bytes,
    x_verify: str | bytes | None,
    salts: Mapping[str, str],
    *,
    expected_amount: int | None = None,
    expected_transaction_id: str | None = None,
    expected_merchant_id: str | None = None,
) -> CollectCallback:
    """``CallbackVerifier(salts, expected_merchant_id).verify_collect_callback(...)``."""
    return CallbackVerifier(salts, expected_merchant_id).verify_collect_callback(
        body, x_verify, expected_amount=expected_amount, expected_transaction_id=expected_transaction_id
    )


def verify_ui_callback(
    form: Mapping[str, str | None],
    salts: Mapping[str, str],
    *,
    expected_amount: int | None = None,
    expected_transaction_id: str | None = None,
    expected_merchant_id: str | None = None,
) -> UiCallback:
    """``CallbackVerifier(salts, expected_merchant_id).verify_ui_callback(...)``."""
    return CallbackVerifier(salts, expected_merchant_id).verify_ui_callback(
        form, expected_amount=expected_amount, expected_transaction_id=expected_transaction_id
    )
