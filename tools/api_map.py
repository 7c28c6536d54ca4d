"""Write docs/api.md, the method map: every public method of Gateway/AsyncGateway and of their task namespaces,
the operations it sends and what each answer can mean there.

Why this tool exists: a newcomer asks "which method do I call, what does it send, what can come back" before
anything else; the answers are spread over the task layer's docstrings, the generated operation methods and the
spec's outcome table. This page puts them side by side and is generated, so it cannot drift: the operations of a
method are the operation ids its docstring names and the operation methods its code calls, the verdicts come from
the generated outcome table (the spec's ``x-codes``), and the deprecated names from
``merchant_gateway.flows.deprecated.ALIASES`` (the deprecated starters, ``flows.launch.DEPRECATED``, also beside the
task method that replaces each) and the renamed module ``merchant_gateway.hooks`` (importing it warns of nothing:
only a name read from it does).

    python tools/api_map.py           # write docs/api.md (make api-map)
    python tools/api_map.py --check   # exit 1 when docs/api.md is stale (tests/docs/test_api_map.py)

Why in tools/ and not in generator/: it reads the hand-written package, which the generator must not import
(pyproject's ``generator-is-build-time`` contract).
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import merchant_gateway as mg
from merchant_gateway import hooks, tasks
from merchant_gateway.flows import deprecated, launch
from merchant_gateway_client.operations import OPERATIONS
from merchant_gateway_client.outcomes import OUTCOMES

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "api.md"

NAMESPACES = {  # gateway attribute -> (sync class, async class)
    "payments": (tasks.Payments, tasks.AsyncPayments),
    "refunds": (tasks.Refunds, tasks.AsyncRefunds),
    "collects": (tasks.Collects, tasks.AsyncCollects),
    "wallets": (tasks.Wallets, tasks.AsyncWallets),
    "sso": (tasks.Sso, tasks.AsyncSso),
    "mobile": (tasks.MobileSdk, tasks.MobileSdk),
}
# the callbacks a verifier reads: the spec's webhooks (their outcome tables are keyed by the webhook's name)
WEBHOOKS = {"verify_payment_callback": "paymentCallback", "verify_collect_callback": "chargeCallback"}
BY_ID = {op.operation_id: op for op in OPERATIONS.values()}
STARTS = ("debit", "collect")  # x-money-movement of the operations that start a payment
ORDER = ("succeeded", "accepted", "pending", "failed", "duplicate", "rejected", "not-found", "unknown")


def public(cls: type) -> list[str]:
    """The public names ``cls`` defines or inherits from the package (not from the generated operation methods)."""
    own = {n for c in cls.__mro__ if c.__module__.startswith("merchant_gateway.") for n in vars(c)}
    return sorted(n for n in own if not n.startswith("_"))


def operations_of(cls: type, name: str) -> list[str]:
    """Operation ids ``cls.name`` sends: those its docstring's "Verdicts (...)" names (else any its docstring
    names), and the operation methods called by it or by the private methods of its class it calls."""
    member = inspect.getattr_static(cls, name)
    func = member.fget if isinstance(member, property) else member
    func = getattr(func, "__func__", func)
    if not callable(func):
        return []
    found: list[str] = []
    doc = inspect.getdoc(func) or ""
    stated = re.search(r"^Verdicts \(([^)]*)\)", doc, re.MULTILINE)  # the task layer's own list, when it has one
    for word in re.findall(r"[A-Za-z0-9]+", stated[1] if stated else doc):
        if word in BY_ID and word not in found:
            found.append(word)
    for called in _calls(cls, func, set()):
        op = OPERATIONS.get(called)
        if op is not None and op.operation_id not in found:
            found.append(op.operation_id)
    if name in WEBHOOKS:
        found.append(WEBHOOKS[name])
    return found


def _calls(cls: type, func: Callable[..., Any], seen: set[str]) -> Iterator[str]:
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(func)))
    except (OSError, TypeError):
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            yield node.attr
            if node.attr.startswith("_") and node.attr not in seen and callable(getattr(cls, node.attr, None)):
                seen.add(node.attr)
                yield from _calls(cls, getattr(cls, node.attr), seen)


def verdicts(op_id: str) -> str:
    table = OUTCOMES[op_id]
    by_outcome: dict[str, list[str]] = {}
    for code, outcome in table.codes.items():
        by_outcome.setdefault(outcome, []).append(code)
    for (code, pay_code), outcome in table.refine.items():
        by_outcome.setdefault(outcome, []).append(f"{code}+{pay_code}")
    parts = [f"{o}: {', '.join(by_outcome[o])}" for o in ORDER if o in by_outcome]
    parts.append(f"any other code: {table.unlisted}")
    return "; ".join(parts)


def outcomes_of(op_ids: list[str]) -> str:
    seen = {o for op in op_ids if op in OUTCOMES for o in [*OUTCOMES[op].codes.values(), OUTCOMES[op].unlisted]}
    seen |= {o for op in op_ids if op in OUTCOMES for o in OUTCOMES[op].refine.values()}
    return ", ".join(o for o in ORDER if o in seen) or "no request"


def link(op_id: str) -> str:
    return f"[{op_id}](#{op_id.lower()})"


def summary(func: object) -> str:
    doc = inspect.getdoc(func) or ""
    first = doc.split("\n\n", 1)[0].replace("\n", " ")
    return re.sub(r":\w+:`~?([^`]+)`", r"`\1`", first).replace("``", "`").replace("|", "\\|")


def sentence(func: object) -> str:
    """The first sentence of the summary, for a short label."""
    return re.split(r"(?<=[A-Za-z)])[.:] ", summary(func) + " ", maxsplit=1)[0].rstrip(".")


def row(prefix: str, sync_cls: type, async_cls: type, name: str) -> str:
    ops = operations_of(sync_cls, name)
    flavours = "sync/async"  # one class for both flavours, or the same name on each
    if async_cls is not sync_cls and (name in vars(sync_cls)) != (name in vars(async_cls)):
        flavours = "sync" if name in vars(sync_cls) else "async"
    verdict = outcomes_of(ops)
    if sync_cls is tasks.MobileSdk:  # signed here, sent by the app's SDK: no answer comes to this server
        verdict = "no request (the app's SDK sends it)"
    return (
        f"| `{prefix}{name}` | {flavours} | {', '.join(link(o) for o in ops) or '—'} | {verdict} "
        f"| {summary(getattr(sync_cls, name))} |"
    )


def render() -> str:
    lines = [
        "# Method map",
        "",
        "<!-- Generated by tools/api_map.py (make api-map) from merchant_gateway and the spec's outcome table; do not",
        "     edit: tests/docs/test_api_map.py fails when it is stale. -->",
        "",
        "Every public method of `Gateway` and `AsyncGateway` (the same names; the async ones are awaited) and of their",
        "task namespaces, the operations each sends (linked to the table at the end) and the verdicts their answers",
        "can have. A verdict is decided by `merchant_gateway.verdicts.judge` from the spec's outcome table;",
        "`unknown` on a call that may move money ends in `OutcomeUnknown`: settle it with",
        "`gateway.reconcile(transaction_id)`, never by starting again.",
        "",
        "## Starting a payment: one public way each",
        "",
        "| to start | call | operation | deprecated names for the same |",
        "|---|---|---|---|",
    ]
    replaced: dict[str, list[str]] = {}
    for old, new in launch.DEPRECATED.items():
        replaced.setdefault(new.split(".", 1)[1], []).append(f"`{old}`")
    for attr, (sync_cls, _) in NAMESPACES.items():
        if attr == "mobile":
            continue
        for name in public(sync_cls):
            ops = operations_of(sync_cls, name)
            if not any(op in BY_ID and BY_ID[op].money_movement in STARTS for op in ops):
                continue
            key = f"{attr}.{name}"
            lines.append(
                f"| {sentence(getattr(sync_cls, name))} | `gateway.{key}(...)` "
                f"| {', '.join(link(o) for o in ops)} | {', '.join(sorted(replaced.pop(key, []))) or '—'} |"
            )
    assert not replaced, f"deprecated names whose replacement is not a task method that starts a payment: {replaced}"
    lines += [
        "",
        "The app's own SDK starts a payment from what `gateway.mobile.payment_request(...)` signs (nothing is sent",
        "by the server). The typed operation methods (`gateway.debit_v4_intent(...)` and the others below) are the",
        "operation layer: one per operation, returning the raw answer, for what the task methods do not cover;",
        "they are not a second way to run a task.",
        "",
        "## Deprecated aliases",
        "",
        f"Kept for one minor version (removed in {deprecated.REMOVED_IN}); each warns (`DeprecationWarning`) and",
        "then does what it did.",
        "",
        "| deprecated | use |",
        "|---|---|",
    ]
    # sorted: modules register their aliases as they are imported, in an order that differs under a test runner
    lines += [f"| `{old}` | `{new}` |" for old, new in sorted(deprecated.ALIASES.items())]
    assert hooks.REMOVED_IN == deprecated.REMOVED_IN, "merchant_gateway.hooks goes in another release: say which here"
    lines.append(f"| `merchant_gateway.hooks.<name>` (every name of the module) | `{hooks.NEW}.<name>` |")
    lines += [
        "",
        "## `Gateway` / `AsyncGateway`",
        "",
        "| method | flavours | operations | verdicts | what it does |",
        "|---|---|---|---|---|",
    ]
    names = sorted((set(public(mg.Gateway)) | set(public(mg.AsyncGateway))) - set(NAMESPACES))
    for name in names:
        if name in OPERATIONS or name in ("aclose", "close", "config"):
            continue
        if name in vars(mg.Gateway) or name in vars(mg.AsyncGateway):
            lines.append(row("", mg.Gateway, mg.AsyncGateway, name))
        else:  # written once for both flavours (their common base)
            base = next(c for c in mg.Gateway.__mro__ if name in vars(c))
            lines.append(row("", base, base, name))
    lines.append("| `close()` / `aclose()` | sync/async | — | no request | Close the gateway's connections. |")
    for attr, (sync_cls, async_cls) in NAMESPACES.items():
        lines += [
            "",
            f"## `gateway.{attr}`",
            "",
            "| method | flavours | operations | verdicts | what it does |",
            "|---|---|---|---|---|",
        ]
        lines += [row(f"{attr}.", sync_cls, async_cls, name) for name in public(sync_cls)]
    lines += [
        "",
        "## Operations",
        "",
        "The operation layer: `gateway.<method>(...)` sends one operation and returns its answer model (a redirect's",
        "Location for debitV3); its verdicts are the spec's `x-codes` for it (`code+payResponseCode` where that",
        "refines one), `x-retry` what may be re-sent after a failure.",
        "",
        "| operation | method | host | x-retry | moves | verdicts by code |",
        "|---|---|---|---|---|---|",
    ]
    for op in OPERATIONS.values():
        lines.append(
            f'| <a id="{op.operation_id.lower()}"></a>{op.operation_id} | `{op.name}` | {op.host} | {op.retry} '
            f"| {op.money_movement} | {verdicts(op.operation_id)} |"
        )
    for name, webhook in WEBHOOKS.items():
        lines.append(
            f'| <a id="{webhook.lower()}"></a>{webhook} (callback) | `{name}` | — | — | — | {verdicts(webhook)} |'
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/api_map.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when docs/api.md is stale")
    args = parser.parse_args(argv)
    fresh = render()
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != fresh:
            print("docs/api.md is out of date: run `make api-map` (python tools/api_map.py)", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(fresh, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
