"""Exception hierarchy of the public client.

Why this module exists: callers must branch on *what went wrong* (retry later, relink the user, reconcile a
payment) without parsing strings. What an answer means is decided by :mod:`merchant_gateway.verdicts` from the
spec's outcome table; the class raised follows the verdict and the code's error *category* (the spec's
x-code-catalog), never a code list kept here. An unknown code still raises (as :class:`ApiError`) and keeps the
code, because the service may add codes. ``verdict`` names the verdict (a ``merchant_gateway.verdicts.Verdict``
value such as ``"not-recorded"`` or ``"duplicate"``) where an answer was judged.

Exceptions carry metadata only (status, code, message, transaction id). They never hold response bodies,
salts, tokens or OTPs, so logging an exception or its repr cannot leak a secret.
"""

from __future__ import annotations

from collections.abc import Mapping

_MAX_MESSAGE = 200  # server messages are "short"; cap them so an odd gateway cannot smuggle a body into logs


class GatewayError(Exception):
    """Base class of every error raised by :mod:`merchant_gateway`. Every error carries ``remedy``, what to do next:
    the one given where it was raised (said in ``str()``), else its class's ``default_remedy``."""

    #: what to do next when the raiser gave no remedy of its own (kept out of ``str()``: the message says the rest)
    default_remedy = "read the message and the code; the docstring of the call that raised it says what each means"

    def __init__(
        self,
        message: str = "",
        *,
        status: int | None = None,
        code: str | None = None,
        transaction_id: str | None = None,
        operation: str | None = None,
        pay_response_code: str | None = None,
        verdict: str | None = None,
        remedy: str | None = None,
    ) -> None:
        self.message = (message or "")[:_MAX_MESSAGE]
        self.verdict = verdict
        # what to do next, from the spec (ResultCode's x-code-catalog `remedy`) or the client: said in str(); else
        # the class's default (never None), not said in str()
        self._remedy_said = remedy is not None
        self.remedy: str | None = remedy if remedy is not None else type(self).default_remedy
        self.status = status
        self.code = code
        self.transaction_id = transaction_id
        self.operation = operation
        self.pay_response_code = pay_response_code
        super().__init__(self.message)

    def __str__(self) -> str:
        parts = [f"{k}={v}" for k, v in self._meta() if v is not None and k != "message"]
        text = f"{self.message}; {self.remedy}" if self.remedy and self._remedy_said else self.message
        return f"{text} ({', '.join(parts)})" if parts else text

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._meta() if v is not None or k == "message")
        return f"{type(self).__name__}({inner})"

    def _meta(self) -> list[tuple[str, object]]:
        return [
            ("status", self.status),
            ("code", self.code),
            ("message", self.message),
            ("transaction_id", self.transaction_id),
            ("operation", self.operation),
            ("pay_response_code", self.pay_response_code),
            ("verdict", self.verdict),
        ]


class ConfigurationError(GatewayError, ValueError):
    """Missing or malformed configuration; raised before any request. ``variable`` names the setting; ``remedy``
    (what to do next) is said in full after the problem, which is capped like every message."""

    default_remedy = "set the value the message names (its MGW_* variable, or the keyword of that name) and build again"

    def __init__(self, variable: str, problem: str, *, remedy: str | None = None) -> None:
        self.variable = variable
        super().__init__(f"{variable}: {problem}", remedy=remedy)


class ValidationError(GatewayError, ValueError):
    """An input was rejected on the client side; nothing was sent. ``field`` names the offending field; ``remedy``
    says what to do (given, or: correct that field as the problem says and call again)."""

    def __init__(self, field: str, problem: str, *, remedy: str | None = None) -> None:
        self.field = field
        super().__init__(f"{field}: {problem}", remedy=remedy)
        if remedy is None:  # kept out of str(): the problem already says how to correct the field
            self.remedy = f"nothing was sent: correct {field} as said and call again"


class ExcessRefundError(ValidationError):
    """EXCESS_REFUND_AMOUNT, found before anything was sent: the refund's amount, alone or added to the refunds
    of the same payment the ledger holds as sent or still in progress (``held``: their transaction ids and
    amounts), would exceed the payment's amount. The message says so first, then how much is left and what to do;
    ``code`` is ``EXCESS_REFUND_AMOUNT`` and ``field`` is ``amount``. Nothing was sent and nothing was written down."""

    def __init__(self, *, original: str, amount: int, original_amount: int, held: list[tuple[str, int]]) -> None:
        self.original = original
        self.original_amount = original_amount
        self.held = held
        total = sum(a for _, a in held)
        self.left = max(0, original_amount - total)
        text = (
            f"EXCESS_REFUND_AMOUNT: a refund of {amount} paise would take the refunds of payment {original} to "
            f"{total + amount} paise, above the payment's amount of {original_amount} paise"
        )
        if held:
            shown = ", ".join(f"{txn} ({paise})" for txn, paise in held[:5])
            more = f" and {len(held) - 5} more" if len(held) > 5 else ""
            text += f" ({total} paise already refunded or still in progress: {shown}{more})"
        text += f"; nothing was sent. Refund at most {self.left} paise"
        if held:
            text += ", or wait until the refunds in progress are final (mgw ledger show TXN): a failed one frees it"
        super().__init__("amount", text)
        # the client's own words (amounts and ids it holds), not a server's: never cut short
        self.message = text
        self.args = (text,)
        self.code = "EXCESS_REFUND_AMOUNT"


class SignatureError(GatewayError):
    """A callback (S2S, collect or UI form post) failed verification or could not be decoded.

    Deliberately one class for every malformed input, so a handler has exactly one thing to catch.
    """

    default_remedy = (
        "answer it 400 and act on nothing in it; if genuine callbacks fail too, check the salt key and index "
        "(MGW_SALT_KEY, MGW_SALT_INDEX) and that the raw body bytes are verified, before any parsing"
    )


class CallbackMismatchError(SignatureError):
    """A correctly signed callback disagrees with what the merchant sent (amount, transaction or merchant id)."""

    default_remedy = "do not fulfil on it: read the payment's status (gateway.payments.retrieve) and decide by that"


# --- transport -------------------------------------------------------------------------------------------------


class TransportError(GatewayError):
    """The gateway could not be reached or did not answer in time."""

    default_remedy = (
        "nothing that moves money was left in doubt (that would be OutcomeUnknown): check the URLs "
        "(MGW_BASE_URL, MGW_APPS_URL, MGW_AUTH_URL) and the network, then call again"
    )


class GatewayConnectionError(TransportError):
    """Connection failed (after any allowed retries)."""


class GatewayTimeoutError(TransportError):
    """A call that is safe to repeat timed out (after any allowed retries)."""


class OutcomeUnknown(GatewayError):
    """A call that is not safe to repeat (it may move money, or, like sending an OTP, acts once) may have reached
    the gateway, but its result is unknown. The underlying failure is chained as ``__cause__``.

    It is never retried blindly. For payments, collects and refunds (``transaction_id`` set) settle it with
    ``gateway.reconcile(exc.transaction_id)``, which asks the status operation; for the others (no transaction id)
    the caller decides, knowing the gateway may have acted.
    """

    default_remedy = (
        "never start it again blindly: settle it with gateway.reconcile(exc.transaction_id) (or mgw status), "
        "which reads the status; without a transaction id, decide knowing the gateway may have acted"
    )


class AmountMismatchError(GatewayError):
    """The status reports another amount than the forward request: do not fulfil the order.

    Raised by a status read whose answer names another amount than this client sent under the transaction id (the
    verdict rules' identity step: doubt), and by the task layer and waits against the amount they are given."""


class AnswerMismatchError(OutcomeUnknown):
    """The gateway's answer is about another transaction or merchant than the request (``field`` names which).

    Never returned as the caller's result and never retried blindly: whatever answered may have handed over
    another call's answer, so what happened to this request is unknown. Settle it like any OutcomeUnknown.
    """

    def __init__(self, message: str, *, field: str, **meta: object) -> None:
        self.field = field
        super().__init__(message, **meta)  # type: ignore[arg-type]


# --- answers of the gateway --------------------------------------------------------------------------------------


class ApiError(GatewayError):
    """The gateway answered with an error code. Unknown codes raise exactly this class and keep ``code``."""

    default_remedy = "the gateway refused the call with this code: see its meaning in the spec's code catalog"


class AuthorizationError(ApiError):
    """AUTHORIZATION_FAILED (bad X-VERIFY/checksum or token) or UNAUTHORIZED (SSO grant token)."""


class BadRequestError(ApiError):
    """BAD_REQUEST: invalid payload or a mandatory parameter missing."""


class NotFoundError(ApiError):
    """TRANSACTION_NOT_FOUND, MERCHANT_USER_NOT_FOUND or USER_NOT_FOUND."""


class TransactionNotFoundError(NotFoundError):
    """TRANSACTION_NOT_FOUND: payment not initiated, or (refund) original transaction unknown."""


class DuplicateRequestError(ApiError):
    """The transaction id was used before, so what it names may exist (verdict ``duplicate``): a refund answered
    PAYMENT_ERROR with payResponseCode DUPLICATE_TXN_REQUEST, a start answered INVALID_TRANSACTION_ID. Never a
    failure: learn its status with the status operation before doing anything under a new id (paying or refunding
    again could move money twice). Deliberately not a :class:`PaymentError`."""


class InvalidTransactionIdError(DuplicateRequestError):
    """INVALID_TRANSACTION_ID: duplicate transaction id (or, on the apps-host status, a wrong id)."""


class RateLimitedError(ApiError):
    """API_RATE_LIMIT_REACHED (HTTP 429) or TOO_MANY_REQUESTS, after allowed retries.

    ``api_limit`` and ``time_window`` are copied from the answer when present (units: not shown by the interface
    document; ``time_window`` is treated as seconds for waiting).
    """

    api_limit: str | None = None
    time_window: str | None = None


class UserLinkError(ApiError):
    """INVALID_USER_AUTH_TOKEN: the userAuthToken is invalid or expired; run the linking flow again."""


class OtpError(ApiError):
    """OTP flow errors: INVALID_OTP_TOKEN, OTP_LIMIT_EXCEEDED, OTP_ALREADY_VERIFIED, OTP_VERIFY_FAILED, OTP_EXPIRED."""


class UserBlockedError(ApiError):
    """USER_BLOCKED (one day) or USER_BLACKLISTED."""


class PaymentError(ApiError):
    """PAYMENT_ERROR: the payment (or refund) failed. See ``pay_response_code`` (an open string)."""


class PaymentDeclinedError(PaymentError):
    """PAYMENT_DECLINED: declined by the user."""


class PaymentCancelledError(PaymentError):
    """PAYMENT_CANCELLED: cancelled by the merchant."""


class RefundWindowExceededError(ApiError):
    """REVERSAL_WINDOW_EXCEEDED: the refund window passed; refund manually."""


class ServerError(ApiError):
    """INTERNAL_SERVER_ERROR, TIMED_OUT or HTTP 5xx on a call that does not move money (after retries)."""


# The spec's error categories (x-code-catalog `category`), not codes: a new code of a known category needs no
# change here, and a code the catalog does not know raises ApiError keeping its code.
CATEGORY_TO_ERROR: Mapping[str, type[ApiError]] = {
    "authorization": AuthorizationError,
    "bad-request": BadRequestError,
    "transaction-not-found": TransactionNotFoundError,
    "not-found": NotFoundError,
    "duplicate-id": InvalidTransactionIdError,
    "rate-limited": RateLimitedError,
    "user-link": UserLinkError,
    "otp": OtpError,
    "user-blocked": UserBlockedError,
    "payment-failed": PaymentError,
    "payment-declined": PaymentDeclinedError,
    "payment-cancelled": PaymentCancelledError,
    "refund-window": RefundWindowExceededError,
    "server-error": ServerError,
}


def error_for_category(category: str | None) -> type[ApiError]:
    """The class for an error category of the spec; :class:`ApiError` for unknown or missing ones."""
    return CATEGORY_TO_ERROR.get(category or "", ApiError)
