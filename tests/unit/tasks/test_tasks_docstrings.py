"""Task-layer docstrings cannot drift from the outcome table (issue 27): every I/O method of every resource, sync
and async, names the operation it uses, its limits, a Raises section, and every verdict the generated table
(``merchant_gateway_client.outcomes.OUTCOMES``) gives for each operation it names."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from merchant_gateway.tasks import (
    AsyncCollects,
    AsyncPayments,
    AsyncRefunds,
    AsyncSso,
    AsyncWallets,
    Collects,
    MobileSdk,
    Payments,
    Refunds,
    Sso,
    Wallets,
)
from merchant_gateway.tasks import _async as tasks_async
from merchant_gateway.tasks import _sync as tasks_sync
from merchant_gateway.tasks._docs import task
from merchant_gateway_client import payloads
from merchant_gateway_client.outcomes import OUTCOMES

RESOURCES = [
    Payments,
    Refunds,
    Collects,
    Wallets,
    Sso,
    AsyncPayments,
    AsyncRefunds,
    AsyncCollects,
    AsyncWallets,
    AsyncSso,
]
METHODS = [
    pytest.param(cls, name, id=f"{cls.__name__}.{name}")
    for cls in RESOURCES
    for name, _ in inspect.getmembers(cls, inspect.isfunction)
    if not name.startswith("_")
]


def table_verdicts(operation: str) -> set[str]:
    """Every verdict the table's row gives: its codes' outcomes, the refined ones and an unlisted code's."""
    row = OUTCOMES[operation]
    return set(row.codes.values()) | set(row.refine.values()) | {row.unlisted}


def operations_named(doc: str) -> set[str]:
    return {word for word in re.findall(r"\b[a-z][A-Za-z0-9]+\b", doc) if word in OUTCOMES}


def keywords(method: object) -> set[str]:
    """The method's parameters, with the keys of a ``**fields: Unpack[<TypedDict>]`` among them."""
    found: set[str] = set()
    for name, param in inspect.signature(method).parameters.items():  # type: ignore[arg-type]
        typed = re.fullmatch(r"Unpack\[(\w+)\]", str(param.annotation))
        module = vars(inspect.getmodule(method))
        found |= set((module.get(typed[1]) or getattr(payloads, typed[1])).__annotations__) if typed else {name}
    return found


def problems(doc: str, parameters: set[str]) -> list[str]:
    """What the docstring lacks (empty: complete)."""
    found: list[str] = []
    operations = operations_named(doc)
    if not operations:
        return ["names no operation of the outcome table"]
    if "Raises:" not in doc:
        found.append("no Raises section")
    if "Verdicts (" not in doc:
        return [*found, "no Verdicts section"]
    verdicts = doc[doc.index("Verdicts (") :]
    for operation in sorted(operations):
        for verdict in sorted(table_verdicts(operation)):
            if not re.search(rf"(?<![\w-]){re.escape(verdict)}(?![\w-])", verdicts):
                found.append(f"verdict {verdict} of {operation} not named")
    raises = doc[doc.index("Raises:") :] if "Raises:" in doc else ""
    if any(OUTCOMES[op].may_move_money for op in operations) and "OutcomeUnknown" not in raises:
        found.append("may move money but Raises names no OutcomeUnknown")
    if any("duplicate" in table_verdicts(op) for op in operations) and "DuplicateRequestError" not in raises:
        found.append("a duplicate verdict but Raises names no DuplicateRequestError")
    if parameters & {"amount", "transaction_id", "merchant_order_id"} and "Limits:" not in doc:
        found.append("takes amounts or ids but states no Limits")
    if "amount" in parameters and "paise" not in doc:
        found.append("an amount without its unit (paise)")
    return found


@pytest.mark.parametrize(("cls", "name"), METHODS)
def test_each_task_method_documents_its_operation_limits_raises_and_verdicts(cls: type, name: str) -> None:
    method = getattr(cls, name)
    doc = inspect.getdoc(method) or ""
    assert problems(doc, keywords(method)) == []


@pytest.mark.parametrize("name", ["payment_request", "profile_request", "account_summary_request"])
def test_the_app_requests_state_their_limits_and_raises_and_that_nothing_is_sent(name: str) -> None:
    doc = inspect.getdoc(getattr(MobileSdk, name)) or ""
    assert "Limits:" in doc
    assert "Raises:" in doc
    assert "ValidationError" in doc
    assert "Nothing is sent" in doc
    if name == "payment_request":
        assert "paise" in doc
        assert "payments.wait" in doc


def test_every_task_operation_has_a_row_in_the_table_and_methods_were_found() -> None:
    assert len(METHODS) >= 2 * 17
    named = set().union(
        *(operations_named(inspect.getdoc(getattr(c, n)) or "") for c, n in (p.values for p in METHODS))
    )
    for operation in (
        "getPaymentOptions",
        "inlinePay",
        "initiateSdkLessPayment",
        "fulfillDeferredRefund",
        "getTransactionStatusAppsHost",
        "getSsoAccessToken",
        "getSsoUserDetails",
    ):
        assert operation in named, operation


def test_the_check_fails_on_a_docstring_that_drifted() -> None:
    """The check can fail: a verdict dropped from the section, a missing Raises entry, no limits."""
    complete = inspect.getdoc(Refunds.fulfill_deferred) or ""
    params = keywords(Refunds.fulfill_deferred)
    assert {"amount", "transaction_id"} <= params
    assert problems(complete, params) == []
    assert problems(complete.replace("duplicate (INVALID_TRANSACTION_ID)", ""), params) == [
        "verdict duplicate of fulfillDeferredRefund not named"
    ]
    assert "may move money but Raises names no OutcomeUnknown" in problems(
        complete.replace("OutcomeUnknown", ""), params
    )
    assert problems(complete.replace("Limits:", "Bounds:"), params) == ["takes amounts or ids but states no Limits"]
    assert problems("Read something.", set()) == ["names no operation of the outcome table"]


def test_each_docstring_is_written_once_and_the_sync_twin_shows_it() -> None:
    """tools/derive_sync.py leaves the task methods' docstrings out of ``_sync.py``; ``_docs.task`` gives each sync
    method its async twin's finished text, so help() and the docs site show the same on both flavours."""
    derived = (Path(tasks_sync.__file__).read_text(encoding="utf-8"), Path(tasks_async.__file__).read_text("utf-8"))
    assert derived[0].count('"""') < derived[1].count('"""') // 2  # the async source holds the docstrings
    for cls, name in (p.values for p in METHODS):
        if not cls.__name__.startswith("Async"):
            twin = getattr(getattr(tasks_async, f"Async{cls.__name__}"), name)
            assert getattr(cls, name).__doc__ == twin.__doc__, name


def test_a_sync_method_without_a_documented_twin_is_refused() -> None:
    def orphan() -> None:
        pass

    orphan.__module__, orphan.__qualname__ = tasks_sync.__name__, "Payments.orphan"
    with pytest.raises(TypeError, match="Payments.orphan has no docstring"):
        task("debitV4Web")(orphan)
