# Generated from spec/openapi.yaml by generator/, do not edit.
"""The outcome table: what each code means on each operation and webhook (spec: x-codes with refine, x-evidence,
x-retry), each code's error category (ResultCode's x-code-catalog) and the verdict rules every answer obeys (the
spec's x-verdict-rules: READING, JUDGING, RULE_IDS, STEP_IDS).

Rendered by generator/outcomes.py; operations.json carries the same rows for other languages. The overlay decides
every verdict from this table (merchant_gateway.verdicts) and keeps no code list of its own.
"""

# No `from __future__ import annotations`: typing.NamedTuple turns a string annotation into a ForwardRef, compiling
# it, once per field at import; the types written here are cheaper to evaluate than to compile.
from collections.abc import Mapping
from typing import Literal, NamedTuple

Outcome = Literal["succeeded", "accepted", "pending", "failed", "unknown", "rejected", "not-found", "duplicate"]


# A NamedTuple, not a frozen dataclass: a record whose class creation costs a tenth as much at import time.
class OutcomeTable(NamedTuple):
    key: str  # operationId, or the webhook's name
    kind: Literal["operation", "webhook"]
    codes: Mapping[str, Outcome]  # x-codes: code -> outcome
    refine: Mapping[tuple[str, str], Outcome]  # (code, data.payResponseCode) -> outcome where that changes it
    evidence: Mapping[Outcome, tuple[str, ...]]  # x-evidence: fields an answer of that outcome must prove
    unlisted: Outcome  # a code the table does not list
    may_move_money: bool  # x-retry is not safe: a doubtful answer is unknown, never unreadable
    payment_state: bool  # every answer is a payment state (status reads, callbacks)
    redirect: bool  # x-follow-redirects false: the answer is a redirect whose Location is the result (debitV3)


OUTCOMES: Mapping[str, OutcomeTable] = {
    "getAuthorizationToken": OutcomeTable(
        key="getAuthorizationToken",
        kind="operation",
        codes={},
        refine={},
        evidence={},
        unlisted="rejected",
        may_move_money=False,
        payment_state=False,
        redirect=False,
    ),
    "debitV3": OutcomeTable(
        key="debitV3",
        kind="operation",
        codes={
            "PAYMENT_ERROR": "failed",
            "INVALID_TRANSACTION_ID": "duplicate",
            "INVALID_USER_AUTH_TOKEN": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=True,
    ),
    "debitV4Web": OutcomeTable(
        key="debitV4Web",
        kind="operation",
        codes={
            "PAYMENT_SUCCESS": "accepted",
            "PAYMENT_ERROR": "failed",
            "INVALID_TRANSACTION_ID": "duplicate",
            "INVALID_USER_AUTH_TOKEN": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={
            "accepted": ("data.redirectURL",),
        },
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "debitV4Intent": OutcomeTable(
        key="debitV4Intent",
        kind="operation",
        codes={
            "PAYMENT_SUCCESS": "accepted",
            "PAYMENT_ERROR": "failed",
            "INVALID_TRANSACTION_ID": "duplicate",
            "INVALID_USER_AUTH_TOKEN": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={
            "accepted": ("data.redirectURL",),
        },
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "getTransactionStatus": OutcomeTable(
        key="getTransactionStatus",
        kind="operation",
        codes={
            "PAYMENT_SUCCESS": "succeeded",
            "PAYMENT_PENDING": "pending",
            "PAYMENT_ERROR": "failed",
            "PAYMENT_DECLINED": "failed",
            "PAYMENT_CANCELLED": "failed",
            "TRANSACTION_NOT_FOUND": "not-found",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={
            "succeeded": ("data.transactionId", "data.amount"),
            "failed": ("data.transactionId",),
        },
        unlisted="rejected",
        may_move_money=False,
        payment_state=True,
        redirect=False,
    ),
    "getTransactionStatusAppsHost": OutcomeTable(
        key="getTransactionStatusAppsHost",
        kind="operation",
        codes={
            "PAYMENT_SUCCESS": "succeeded",
            "PAYMENT_PENDING": "pending",
            "PAYMENT_ERROR": "failed",
            "PAYMENT_DECLINED": "failed",
            "PAYMENT_CANCELLED": "failed",
            "TRANSACTION_NOT_FOUND": "not-found",
            "INVALID_TRANSACTION_ID": "rejected",
            "API_RATE_LIMIT_REACHED": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={
            "succeeded": ("data.transactionId", "data.amount"),
            "failed": ("data.transactionId",),
        },
        unlisted="rejected",
        may_move_money=False,
        payment_state=True,
        redirect=False,
    ),
    "refundV3": OutcomeTable(
        key="refundV3",
        kind="operation",
        codes={
            "PAYMENT_SUCCESS": "succeeded",
            "PAYMENT_PENDING": "pending",
            "PAYMENT_ERROR": "failed",
            "TRANSACTION_NOT_FOUND": "not-found",
            "TIMED_OUT": "unknown",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={
            ("PAYMENT_ERROR", "DUPLICATE_TXN_REQUEST"): "duplicate",
            ("PAYMENT_ERROR", "EXCESS_REFUND_AMOUNT"): "unknown",
        },
        evidence={
            "succeeded": ("data.transactionId",),
        },
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "refundV4": OutcomeTable(
        key="refundV4",
        kind="operation",
        codes={
            "PAYMENT_SUCCESS": "succeeded",
            "PAYMENT_PENDING": "pending",
            "PAYMENT_ERROR": "failed",
            "TRANSACTION_NOT_FOUND": "not-found",
            "TIMED_OUT": "unknown",
            "REVERSAL_WINDOW_EXCEEDED": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={
            ("PAYMENT_ERROR", "DUPLICATE_TXN_REQUEST"): "duplicate",
            ("PAYMENT_ERROR", "EXCESS_REFUND_AMOUNT"): "unknown",
        },
        evidence={
            "succeeded": ("data.transactionId",),
        },
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "refundAppsHost": OutcomeTable(
        key="refundAppsHost",
        kind="operation",
        codes={
            "PAYMENT_SUCCESS": "succeeded",
            "PAYMENT_PENDING": "pending",
            "PAYMENT_ERROR": "failed",
            "TRANSACTION_NOT_FOUND": "not-found",
            "TIMED_OUT": "unknown",
            "API_RATE_LIMIT_REACHED": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={
            ("PAYMENT_ERROR", "DUPLICATE_TXN_REQUEST"): "duplicate",
            ("PAYMENT_ERROR", "EXCESS_REFUND_AMOUNT"): "unknown",
        },
        evidence={
            "succeeded": ("data.transactionId",),
        },
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "fulfillDeferredRefund": OutcomeTable(
        key="fulfillDeferredRefund",
        kind="operation",
        codes={
            "PAYMENT_SUCCESS": "succeeded",
            "INVALID_TRANSACTION_ID": "duplicate",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={
            "succeeded": ("data.transactionId",),
        },
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "collectRequest": OutcomeTable(
        key="collectRequest",
        kind="operation",
        codes={
            "SUCCESS": "accepted",
            "INVALID_TRANSACTION_ID": "duplicate",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "triggerTestCallback": OutcomeTable(
        key="triggerTestCallback",
        kind="operation",
        codes={
            "SUCCESS": "succeeded",
            "BAD_REQUEST": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="rejected",
        may_move_money=False,
        payment_state=False,
        redirect=False,
    ),
    "getWalletBalance": OutcomeTable(
        key="getWalletBalance",
        kind="operation",
        codes={
            "SUCCESS": "succeeded",
            "INVALID_USER_AUTH_TOKEN": "rejected",
            "USER_BLACKLISTED": "rejected",
            "USER_BLOCKED": "rejected",
            "MERCHANT_USER_NOT_FOUND": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="rejected",
        may_move_money=False,
        payment_state=False,
        redirect=False,
    ),
    "instantDebit": OutcomeTable(
        key="instantDebit",
        kind="operation",
        codes={
            "PAYMENT_SUCCESS": "succeeded",
            "PAYMENT_PENDING": "pending",
            "PAYMENT_ERROR": "failed",
            "TIMED_OUT": "unknown",
            "INVALID_USER_AUTH_TOKEN": "rejected",
            "USER_BLACKLISTED": "rejected",
            "USER_BLOCKED": "rejected",
            "MERCHANT_USER_NOT_FOUND": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={
            "succeeded": ("data.transactionId",),
        },
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "inlinePayWithGet": OutcomeTable(
        key="inlinePayWithGet",
        kind="operation",
        codes={
            "PAYMENT_INITIATED": "accepted",
            "PAYMENT_ERROR": "failed",
            "INVALID_TRANSACTION_ID": "duplicate",
            "INVALID_USER_AUTH_TOKEN": "rejected",
            "USER_BLACKLISTED": "rejected",
            "USER_BLOCKED": "rejected",
            "MERCHANT_USER_NOT_FOUND": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "inlinePay": OutcomeTable(
        key="inlinePay",
        kind="operation",
        codes={
            "PAYMENT_INITIATED": "accepted",
            "PAYMENT_ERROR": "failed",
            "INVALID_TRANSACTION_ID": "duplicate",
            "INVALID_USER_AUTH_TOKEN": "rejected",
            "USER_BLACKLISTED": "rejected",
            "USER_BLOCKED": "rejected",
            "MERCHANT_USER_NOT_FOUND": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "getPaymentOptions": OutcomeTable(
        key="getPaymentOptions",
        kind="operation",
        codes={
            "SUCCESS": "succeeded",
            "INVALID_USER_AUTH_TOKEN": "rejected",
            "USER_NOT_FOUND": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="rejected",
        may_move_money=False,
        payment_state=False,
        redirect=False,
    ),
    "unlinkUser": OutcomeTable(
        key="unlinkUser",
        kind="operation",
        codes={
            "SUCCESS": "succeeded",
            "INVALID_USER_AUTH_TOKEN": "rejected",
            "USER_BLACKLISTED": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "sendOtp": OutcomeTable(
        key="sendOtp",
        kind="operation",
        codes={
            "SUCCESS": "succeeded",
            "USER_BLACKLISTED": "rejected",
            "USER_BLOCKED": "rejected",
            "OTP_LIMIT_EXCEEDED": "rejected",
            "TOO_MANY_REQUESTS": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "verifyOtp": OutcomeTable(
        key="verifyOtp",
        kind="operation",
        codes={
            "SUCCESS": "succeeded",
            "INVALID_OTP_TOKEN": "rejected",
            "OTP_ALREADY_VERIFIED": "rejected",
            "OTP_VERIFY_FAILED": "rejected",
            "OTP_EXPIRED": "rejected",
            "TOO_MANY_REQUESTS": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "getSsoAccessToken": OutcomeTable(
        key="getSsoAccessToken",
        kind="operation",
        codes={
            "SUCCESS": "succeeded",
            "UNAUTHORIZED": "rejected",
            "API_RATE_LIMIT_REACHED": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "getSsoUserDetails": OutcomeTable(
        key="getSsoUserDetails",
        kind="operation",
        codes={
            "SUCCESS": "succeeded",
            "API_RATE_LIMIT_REACHED": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="rejected",
        may_move_money=False,
        payment_state=False,
        redirect=False,
    ),
    "initiateSdkLessPayment": OutcomeTable(
        key="initiateSdkLessPayment",
        kind="operation",
        codes={
            "SUCCESS": "accepted",
            "INVALID_TRANSACTION_ID": "duplicate",
            "API_RATE_LIMIT_REACHED": "rejected",
            "BAD_REQUEST": "rejected",
            "AUTHORIZATION_FAILED": "rejected",
            "INTERNAL_SERVER_ERROR": "unknown",
        },
        refine={},
        evidence={},
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=False,
    ),
    "paymentCallback": OutcomeTable(
        key="paymentCallback",
        kind="webhook",
        codes={
            "PAYMENT_SUCCESS": "succeeded",
            "PAYMENT_ERROR": "failed",
            "PAYMENT_DECLINED": "failed",
            "PAYMENT_CANCELLED": "failed",
        },
        refine={},
        evidence={
            "succeeded": ("data.transactionId", "data.amount"),
            "failed": ("data.transactionId",),
        },
        unlisted="unknown",
        may_move_money=True,
        payment_state=True,
        redirect=False,
    ),
    "chargeCallback": OutcomeTable(
        key="chargeCallback",
        kind="webhook",
        codes={
            "PAYMENT_SUCCESS": "succeeded",
            "PAYMENT_ERROR": "failed",
            "PAYMENT_DECLINED": "failed",
            "PAYMENT_CANCELLED": "failed",
        },
        refine={},
        evidence={
            "succeeded": ("data.transactionId", "data.amount"),
            "failed": ("data.transactionId",),
        },
        unlisted="unknown",
        may_move_money=True,
        payment_state=True,
        redirect=False,
    ),
}

CATEGORIES: Mapping[str, str] = {
    "SUCCESS": "answer",
    "PAYMENT_SUCCESS": "answer",
    "PAYMENT_INITIATED": "answer",
    "PAYMENT_PENDING": "answer",
    "PAYMENT_ERROR": "payment-failed",
    "PAYMENT_DECLINED": "payment-declined",
    "PAYMENT_CANCELLED": "payment-cancelled",
    "TRANSACTION_NOT_FOUND": "transaction-not-found",
    "INVALID_TRANSACTION_ID": "duplicate-id",
    "INVALID_USER_AUTH_TOKEN": "user-link",
    "BAD_REQUEST": "bad-request",
    "AUTHORIZATION_FAILED": "authorization",
    "INTERNAL_SERVER_ERROR": "server-error",
    "TIMED_OUT": "server-error",
    "USER_BLACKLISTED": "user-blocked",
    "USER_BLOCKED": "user-blocked",
    "MERCHANT_USER_NOT_FOUND": "not-found",
    "USER_NOT_FOUND": "not-found",
    "INVALID_OTP_TOKEN": "otp",
    "OTP_LIMIT_EXCEEDED": "otp",
    "OTP_ALREADY_VERIFIED": "otp",
    "OTP_VERIFY_FAILED": "otp",
    "OTP_EXPIRED": "otp",
    "TOO_MANY_REQUESTS": "rate-limited",
    "UNAUTHORIZED": "authorization",
    "API_RATE_LIMIT_REACHED": "rate-limited",
    "REVERSAL_WINDOW_EXCEEDED": "refund-window",
}

# What a merchant does next after a code (ResultCode's x-code-catalog `remedy`): every client says it in its errors.
REMEDIES: Mapping[str, str] = {
    "PAYMENT_ERROR": "the payment failed: show the customer the failure and let them pay again under a new transaction id (read payResponseCode for why)",
    "PAYMENT_DECLINED": "the user declined: let them choose to pay again under a new transaction id",
    "PAYMENT_CANCELLED": "the payment was cancelled: start a new payment under a new transaction id if the order stands",
    "TRANSACTION_NOT_FOUND": "the gateway has no payment under this id: check the transaction id and merchant id; right after a start, wait for the grace before concluding",
    "INVALID_TRANSACTION_ID": "this transaction id was used before: read that payment's status before doing anything under a new id",
    "INVALID_USER_AUTH_TOKEN": "link the user's wallet again (OTP linking) and store the new userAuthToken",
    "BAD_REQUEST": "the gateway refused the payload: compare the fields its message names with the operation's schema in the spec",
    "AUTHORIZATION_FAILED": "check the salt key, salt index and merchant id (MGW_SALT_KEY, MGW_SALT_INDEX, MGW_MERCHANT_ID) against onboarding; `mgw sign` shows what is signed",
    "INTERNAL_SERVER_ERROR": "the gateway failed: for a payment or refund, check its status before retrying; a read may be repeated",
    "TIMED_OUT": "the payment or refund timed out at the gateway: check its status before retrying",
    "USER_BLACKLISTED": "the customer is blacklisted by the gateway: offer another way to pay",
    "USER_BLOCKED": "the user is blocked for one day: offer another way to pay or ask them to try tomorrow",
    "MERCHANT_USER_NOT_FOUND": "no user is linked under this merchant user id: check the id, or link the user first",
    "USER_NOT_FOUND": "the gateway cannot resolve the user: check merchantUserId or userAuthToken",
    "INVALID_OTP_TOKEN": "the OTP token is invalid or expired: send a new OTP and use the newest otpToken",
    "OTP_LIMIT_EXCEEDED": "too many OTPs were sent to this number: wait before sending another",
    "OTP_ALREADY_VERIFIED": "this OTP was already used: send a new OTP",
    "OTP_VERIFY_FAILED": "the OTP was wrong: ask the user to enter it again",
    "OTP_EXPIRED": "the OTP expired: send a new OTP",
    "TOO_MANY_REQUESTS": "too many requests: wait before trying again",
    "UNAUTHORIZED": "the grant token is invalid or not mapped to this merchant: fetch a new one with the client SDK's fetchAuthToken",
    "API_RATE_LIMIT_REACHED": "the call limit was reached: wait TIME_WINDOW before trying again (safe calls are retried automatically)",
    "REVERSAL_WINDOW_EXCEEDED": "the refund window has passed: refund the customer manually, outside the gateway",
}


# x-verdict-rules `reading`: how an answer's bytes are read (merchant_gateway.answer_json applies it).
class ReadingRules(NamedTuple):
    byte_order_mark: Literal["strip", "refuse"]  # one leading UTF-8 byte order mark
    duplicate_keys: Literal["unreadable"]  # a key twice in any object, at any depth
    max_depth: int  # objects and arrays nested deeper: unreadable
    max_integer_digits: int  # a longer integer literal: not JSON


READING = ReadingRules(
    byte_order_mark="strip",
    duplicate_keys="unreadable",
    max_depth=64,
    max_integer_digits=4300,
)


# x-verdict-rules `judging`: the sets and values the steps name (merchant_gateway.verdicts applies them).
class JudgingRules(NamedTuple):
    rate_limit_status: int  # the only status on which a rate-limit answer means "not processed"
    rate_limit_codes: frozenset[str]
    needs_2xx: frozenset[str]  # outcomes a non-2xx status contradicts
    success_false_contradicts: frozenset[str]
    success_true_contradicts: frozenset[str]
    unlisted_categories: Mapping[str, Outcome]  # an unlisted code of this catalog category: this outcome
    identity: Mapping[str, Literal["string", "integer"]]  # data field -> the type it must have wherever it appears
    final: frozenset[str]  # verdicts nothing later can change


JUDGING = JudgingRules(
    rate_limit_status=429,
    rate_limit_codes=frozenset({"API_RATE_LIMIT_REACHED"}),
    needs_2xx=frozenset({"succeeded", "accepted", "pending"}),
    success_false_contradicts=frozenset({"succeeded", "accepted"}),
    success_true_contradicts=frozenset({"failed", "rejected", "duplicate", "not-found"}),
    unlisted_categories={
        "server-error": "unknown",
    },
    identity={
        "data.transactionId": "string",
        "data.merchantId": "string",
        "data.amount": "integer",
    },
    final=frozenset({"succeeded", "failed", "not-recorded"}),
)

# Every rule id of x-verdict-rules (reading rules, then the steps), in the order a client applies them.
RULE_IDS: tuple[str, ...] = (
    "read-bom",
    "read-utf8",
    "read-json",
    "read-duplicate-keys",
    "read-depth",
    "read-object",
    "redirect",
    "server-error",
    "unreadable-body",
    "types",
    "no-code",
    "rate-limit-code",
    "outcome",
    "status-429",
    "unknown",
    "status-needs-2xx",
    "status-other",
    "success-flag",
    "identity",
    "evidence",
    "time",
    "duplicate-retry",
    "outcome-stands",
)

# The judging steps alone (x-verdict-rules `steps`), in the order a verdict function walks them: the first that
# decides gives the verdict (merchant_gateway.verdicts has one implementation per id).
STEP_IDS: tuple[str, ...] = (
    "redirect",
    "server-error",
    "unreadable-body",
    "types",
    "no-code",
    "rate-limit-code",
    "outcome",
    "status-429",
    "unknown",
    "status-needs-2xx",
    "status-other",
    "success-flag",
    "identity",
    "evidence",
    "time",
    "duplicate-retry",
    "outcome-stands",
)
