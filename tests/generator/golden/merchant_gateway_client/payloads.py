# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
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

from collections.abc import Mapping
from typing import Literal, NamedTuple, TypedDict, is_typeddict


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
    """-"""

    merchant_order_id: str | None
    """-"""

    message: str | None
    """-"""


class DebitV3Optional(DebitV3PayloadOptional, total=False):
    """The optional keywords of ``debit_v3`` (debitV3): payload fields of DebitPayload and request
    headers; None is "not sent"."""

    callback_url: str | None
    """-"""

    redirect_url: str | None
    """-"""


class DebitV3Keywords(DebitV3Optional):
    """The keywords of ``debit_v3`` (debitV3) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    amount: int
    """-"""


class DebitV3Fields(DebitV3Keywords, ConfiguredMerchantId):
    """Every keyword of ``debit_v3`` (debitV3), its whole keyword form:
    ``DebitV3Keywords``, ``merchant_id`` (optional) and ``transaction_id``."""

    transaction_id: str
    """(at most 37 characters)"""


class GetAuthorizationTokenPayloadOptional(TypedDict, total=False):
    """The optional payload fields of ``get_authorization_token`` (getAuthorizationToken); None is "not sent".
    Those of TokenForm, without the request headers ``GetAuthorizationTokenOptional`` adds."""

    pass


class GetAuthorizationTokenOptional(GetAuthorizationTokenPayloadOptional, total=False):
    """The optional keywords of ``get_authorization_token`` (getAuthorizationToken): payload fields of TokenForm and request
    headers; None is "not sent"."""

    pass


class GetAuthorizationTokenKeywords(GetAuthorizationTokenOptional):
    """The keywords of ``get_authorization_token`` (getAuthorizationToken) but ``merchant_id`` and ``transaction_id``
    (a task fills them: the configured merchant id, a new transaction id when not given): optional ones and these."""

    client_id: str
    """-"""

    client_version: str
    """-"""

    client_secret: str
    """-"""

    grant_type: Literal["client_credentials"]
    """-"""


class GetAuthorizationTokenFields(GetAuthorizationTokenKeywords):
    """Every keyword of ``get_authorization_token`` (getAuthorizationToken), its whole keyword form:
    ``GetAuthorizationTokenKeywords``."""

    pass


class AppProfilePayloadOptional(TypedDict, total=False):
    """The optional payload fields of appProfile (signed here, sent by the app's SDK); None is "not sent".
    Those of ProfilePayload, without the request headers ``AppProfileOptional`` adds."""

    pass


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
    """-"""


DOCS: Mapping[str, OperationDoc] = {
    "debitV3": OperationDoc(
        "debit_v3",
        "Start a web payment (redirect)",
        {
            "merchant_id": KeywordDoc("merchantId", False, " Default: the configured merchant id.", ""),
            "transaction_id": KeywordDoc("transactionId", True, "", "at most 37 characters"),
            "amount": KeywordDoc("amount", True, "", ""),
            "merchant_user_id": KeywordDoc("merchantUserId", False, "", ""),
            "merchant_order_id": KeywordDoc("merchantOrderId", False, "", ""),
            "message": KeywordDoc("message", False, "", ""),
            "callback_url": KeywordDoc("X-CALLBACK-URL", False, "", ""),
            "redirect_url": KeywordDoc("X-REDIRECT-URL", False, "", ""),
        },
    ),
    "getTransactionStatus": OperationDoc(
        "get_transaction_status",
        "getTransactionStatus",
        {
            "transaction_id": KeywordDoc("transaction_id", True, "", ""),
        },
    ),
    "getTransactionStatusAppsHost": OperationDoc(
        "get_transaction_status_apps_host",
        "getTransactionStatusAppsHost",
        {
            "transaction_id": KeywordDoc("transaction_id", True, "", ""),
            "client_id": KeywordDoc(
                "X-CLIENT-ID",
                False,
                "Default: the configured merchant id (the interface document: unless another value was shared).",
                "",
            ),
        },
    ),
    "getAuthorizationToken": OperationDoc(
        "get_authorization_token",
        "getAuthorizationToken",
        {
            "client_id": KeywordDoc("client_id", True, "", ""),
            "client_version": KeywordDoc("client_version", True, "", ""),
            "client_secret": KeywordDoc("client_secret", True, "", ""),
            "grant_type": KeywordDoc("grant_type", True, "", ""),
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
