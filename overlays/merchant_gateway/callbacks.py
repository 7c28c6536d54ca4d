"""Verification of the messages the gateway sends to the merchant, independent of any web framework.

Why this module exists: callbacks arrive on a public URL, so anyone can post one. A callback is accepted only
when its checksum matches a configured salt, and then it is decoded into a typed object and cross-checked
against what the merchant sent (the interface document: "the merchant cross-checks amount and signature with
the forward request"). Every malformed input raises :class:`SignatureError` (or its subclass
:class:`CallbackMismatchError`), never another exception type and never acceptance.

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
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .errors import CallbackMismatchError, SignatureError
from .verdicts import Expect, Verdict, judge, read_answer, table

_DIGEST = re.compile(r"[0-9a-f]{64}")  # hexdigest() is lowercase; anything else is a different string
_INDEX = re.compile(r"[0-9]{1,9}")
_B64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")
_DIGITS = re.compile(r"[0-9]{1,19}")
UI_CHECKSUM_FIELDS = ("code", "merchantId", "transactionId", "amount", "providerReferenceId") + tuple(
    f"param{i}" for i in range(1, 21)
)


@dataclass(frozen=True)
class PaymentMode:
    mode: str
    amount: int | None = None
    utr: str | None = None


@dataclass(frozen=True)
class TransactionContext:
    qr_code_id: str | None = None
    store_id: str | None = None
    terminal_id: str | None = None
    pos_device_id: str | None = None


@dataclass(frozen=True)
class CallbackData:
    merchant_id: str
    transaction_id: str
    amount: int
    provider_reference_id: str | None = None
    payment_state: str | None = None
    pay_response_code: str | None = None  # open string: new values may appear at any time
    payment_modes: tuple[PaymentMode, ...] = ()
    transaction_context: TransactionContext | None = None


@dataclass(frozen=True)
class PaymentCallback:
    """A verified S2S payment/refund callback with its verdict (merchant_gateway.verdicts, the webhook's row of the
    spec's outcome table): ``is_success`` only for PAYMENT_SUCCESS naming this transaction with exactly the
    ``expected_amount`` given to the verification (without one the verdict is ``unconfirmed``). Never paymentState."""

    success: bool
    code: str
    message: str
    data: CallbackData
    salt_index: str = field(repr=False)
    verdict: Verdict = Verdict.UNKNOWN

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


def _int(obj: Mapping[str, object], key: str, *, required: bool) -> int | None:
    value = obj.get(key)
    if value is None and not required:
        return None
    if type(value) is not int:
        raise SignatureError(f"callback field {key} is not an integer: refuse this callback and read the status")
    return value


def _decode_payload(decoded: object, salt_index: str, cls: type[PaymentCallback]) -> PaymentCallback:
    if not isinstance(decoded, dict):
        raise SignatureError("callback payload is not a JSON object: refuse this callback and read the status")
    success = decoded.get("success")
    data = decoded.get("data")
    if not isinstance(success, bool) or not isinstance(data, dict):
        raise SignatureError("callback payload lacks success or data: refuse this callback and read the status")
    modes = data.get("paymentModes") or []
    if not isinstance(modes, list) or not all(isinstance(m, dict) for m in modes):
        raise SignatureError(
            "callback field paymentModes is not a list of objects: refuse this callback and read the status"
        )
    ctx = data.get("transactionContext")
    if ctx is not None and not isinstance(ctx, dict):
        raise SignatureError(
            "callback field transactionContext is not an object: refuse this callback and read the status"
        )
    amount = _int(data, "amount", required=True)
    assert amount is not None
    return cls(
        success=success,
        code=_req_str(decoded, "code"),
        message=_opt_str(decoded, "message") or "",
        data=CallbackData(
            merchant_id=_req_str(data, "merchantId"),
            transaction_id=_req_str(data, "transactionId"),
            amount=amount,
            provider_reference_id=_opt_str(data, "providerReferenceId"),
            payment_state=_opt_str(data, "paymentState"),
            pay_response_code=_opt_str(data, "payResponseCode"),
            payment_modes=tuple(
                PaymentMode(_req_str(m, "mode"), _int(m, "amount", required=False), _opt_str(m, "utr")) for m in modes
            ),
            transaction_context=None
            if ctx is None
            else TransactionContext(
                _opt_str(ctx, "qrCodeId"),
                _opt_str(ctx, "storeId"),
                _opt_str(ctx, "terminalId"),
                _opt_str(ctx, "posDeviceId"),
            ),
        ),
        salt_index=salt_index,
    )


def _cross_check(
    amount: int,
    transaction_id: str,
    merchant_id: str,
    expected_amount: int | None,
    expected_transaction_id: str | None,
    expected_merchant_id: str | None,
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
            "the order up by the callback's own transaction id (callback.data.transaction_id)",
        )
    if expected_merchant_id is not None and merchant_id != expected_merchant_id:
        raise CallbackMismatchError(
            f"callback merchant id {merchant_id} differs from the configured {expected_merchant_id}: it was sent "
            "for another merchant id; verify it with that merchant's Gateway (and its salt), or ignore it",
            transaction_id=transaction_id,
        )


def _verify_s2s(
    body: object,
    x_verify: object,
    salts: Mapping[str, str],
    cls: type[PaymentCallback],
    expected_amount: int | None,
    expected_transaction_id: str | None,
    expected_merchant_id: str | None,
) -> PaymentCallback:
    if not isinstance(body, bytes | bytearray | memoryview):
        raise SignatureError(
            "the callback body must be the raw request body as bytes (await request.body()), not parsed"
        )
    digest, index, key = _parse_header(x_verify, salts)
    try:
        envelope = json.loads(bytes(body))
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise SignatureError(
            "callback body is not JSON: a UI form post (urlencoded) is checked with verify_ui_callback(form)"
        ) from None
    if not isinstance(envelope, dict) or not isinstance(envelope.get("response"), str):
        raise SignatureError('callback body is not {"response": "<base64>"}: pass the raw body of the POST unchanged')
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
        decoded = json.loads(raw)
    except (binascii.Error, ValueError, UnicodeDecodeError, RecursionError):
        raise SignatureError(
            "callback response is not base64 of JSON: refuse this callback and read the status"
        ) from None
    callback = _decode_payload(decoded, index, cls)
    _cross_check(
        callback.data.amount,
        callback.data.transaction_id,
        callback.data.merchant_id,
        expected_amount,
        expected_transaction_id,
        expected_merchant_id,
    )
    # what the callback means, decided like every other answer (duplicate keys and all) from the webhook's row
    webhook = "chargeCallback" if issubclass(cls, CollectCallback) else "paymentCallback"
    expect = Expect(expected_transaction_id or callback.data.transaction_id, expected_merchant_id, expected_amount)
    verdict = judge(table(webhook), status=200, answer=read_answer(raw), expect=expect).verdict
    return replace(callback, verdict=verdict)


def _guard(exc: Exception) -> SignatureError:
    # Belt and braces: whatever slipped through the explicit checks still surfaces as SignatureError.
    return (
        exc
        if isinstance(exc, SignatureError)
        else SignatureError("malformed callback: refuse this callback and read the status")
    )


def verify_payment_callback(
    body: bytes,
    x_verify: str | bytes | None,
    salts: Mapping[str, str],
    *,
    expected_amount: int | None = None,
    expected_transaction_id: str | None = None,
    expected_merchant_id: str | None = None,
) -> PaymentCallback:
    """Verify and decode an S2S payment/refund callback from its raw body bytes and X-VERIFY header."""
    try:
        return _verify_s2s(
            body, x_verify, salts, PaymentCallback, expected_amount, expected_transaction_id, expected_merchant_id
        )
    except Exception as exc:  # noqa: BLE001 - converted, see _guard
        raise _guard(exc) from None


def verify_collect_callback(
    body: bytes,
    x_verify: str | bytes | None,
    salts: Mapping[str, str],
    *,
    expected_amount: int | None = None,
    expected_transaction_id: str | None = None,
    expected_merchant_id: str | None = None,
) -> CollectCallback:
    """Verify and decode a collect (charge) callback; same wire format as the payment callback."""
    try:
        result = _verify_s2s(
            body, x_verify, salts, CollectCallback, expected_amount, expected_transaction_id, expected_merchant_id
        )
    except Exception as exc:  # noqa: BLE001
        raise _guard(exc) from None
    assert isinstance(result, CollectCallback)
    return result


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


def _verify_ui(
    form: object,
    salts: Mapping[str, str],
    expected_amount: int | None,
    expected_transaction_id: str | None,
    expected_merchant_id: str | None,
) -> UiCallback:
    if not isinstance(form, Mapping):
        raise SignatureError("form must be a mapping of field name to value: pass dict(form) of the form post")
    digest, index, key = _parse_header(form.get("checksum"), salts, what="form's checksum field")
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
    _cross_check(
        result.amount,
        result.transaction_id,
        result.merchant_id,
        expected_amount,
        expected_transaction_id,
        expected_merchant_id,
    )
    return result


def verify_ui_callback(
    form: Mapping[str, str | None],
    salts: Mapping[str, str],
    *,
    expected_amount: int | None = None,
    expected_transaction_id: str | None = None,
    expected_merchant_id: str | None = None,
) -> UiCallback:
    """Verify the UI form post (fields as received, including ``checksum``) and decode it."""
    try:
        return _verify_ui(form, salts, expected_amount, expected_transaction_id, expected_merchant_id)
    except Exception as exc:  # noqa: BLE001
        raise _guard(exc) from None


class CallbackVerifier:
    """Callback verification bound to one merchant's salts (index -> key) and merchant id."""

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
        return verify_payment_callback(
            body,
            x_verify,
            self._salts,
            expected_amount=expected_amount,
            expected_transaction_id=expected_transaction_id,
            expected_merchant_id=self._merchant_id,
        )

    def verify_collect_callback(
        self,
        body: bytes,
        x_verify: str | bytes | None,
        *,
        expected_amount: int | None = None,
        expected_transaction_id: str | None = None,
    ) -> CollectCallback:
        return verify_collect_callback(
            body,
            x_verify,
            self._salts,
            expected_amount=expected_amount,
            expected_transaction_id=expected_transaction_id,
            expected_merchant_id=self._merchant_id,
        )

    def verify_ui_callback(
        self,
        form: Mapping[str, str | None],
        *,
        expected_amount: int | None = None,
        expected_transaction_id: str | None = None,
    ) -> UiCallback:
        return verify_ui_callback(
            form,
            self._salts,
            expected_amount=expected_amount,
            expected_transaction_id=expected_transaction_id,
            expected_merchant_id=self._merchant_id,
        )
