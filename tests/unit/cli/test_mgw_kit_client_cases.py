"""The kit's whole-client cases (`clients`, read from the shipped spec/conformance/kit.json) replayed through the
`mgw` command line as a person runs it (a subprocess per step, `--json`) against the scripted gateway of
tests/support/scripted.py over a real loopback socket: `mgw pay` for a web debit, `mgw refund` for a refund,
`mgw status` for a status read. The exit status and the JSON document must agree with each step's expected verdict.

A command is one process: what a client remembers between calls (the amount it sent, the refunds it holds) is
remembered across commands by the ledger (MGW_LEDGER_URL, a SQLite file per case), as a shop's shell would run them.
The ledger may refuse a money move the bare client sends (a refund re-sent under its id; a refund it still holds
against its payment until the status proves it failed), never the other way round: such a refusal sends nothing.

Every request of a step is answered alike (the CLI's own retry policy re-sends a rate-limited or failed read); a
money-moving request reaches the gateway exactly as often as the kit says (once, or not at all)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from merchant_gateway.ledger import Ledger

from tests.support.scripted import ScriptedGateway, shipped_client_cases, step_transaction

# the exit status of each verdict (merchant_gateway.cli.exit_codes): 0 an answer returned, 1 the gateway said no or
# the answer proves nothing on a read, 2 refused before sending, 3 outcome unknown
EXIT = {
    "refused": 2,
    "unknown": 3,
    "accepted": 0,
    "pending": 0,
    "succeeded": 0,
    "unconfirmed": 0,
    "failed": 1,
    "rejected": 1,
    "duplicate": 1,
    "rate-limited": 1,
    "unreadable": 1,
}
ERROR_KIND = {
    "refused": "invalid_input",
    "unknown": "outcome_unknown",
    "duplicate": "DuplicateRequestError",
    "rate-limited": "RateLimitedError",
    "unreadable": "ApiError",
}
RETRIES_ANSWERED = 10  # every request of a step gets its answer: the CLI's retries of a read see the same


@pytest.fixture
def scripted() -> Iterator[ScriptedGateway]:
    gateway = ScriptedGateway()
    yield gateway
    gateway.close()


def _argv(step: dict[str, Any]) -> list[str]:
    payload, path, options = step.get("payload") or {}, step.get("path") or {}, step.get("options") or {}
    if step["call"] == "debitV4Web":
        return [
            "pay",
            "--json",
            "--amount",
            str(payload["amount"]),
            "--transaction-id",
            payload["transactionId"],
            "--user-id",
            payload["merchantUserId"],
        ]
    if step["call"] == "refundV4":
        argv = [
            "refund",
            "--json",
            "--original",
            payload["originalTransactionId"],
            "--amount",
            str(payload["amount"]),
            "--transaction-id",
            payload["transactionId"],
            "--order-id",
            payload["merchantOrderId"],
            "--message",
            payload["message"],
        ]
        if "original_amount" in options:
            argv += ["--original-amount", str(options["original_amount"])]
        return argv
    if step["call"] == "getTransactionStatus":
        argv = ["status", "--json", path["transactionId"]]
        if "expected_amount" in options:
            argv += ["--expected-amount", str(options["expected_amount"])]
        return argv
    raise AssertionError(f"no mgw command replays {step['call']}: add one here")


# One test per case, not one for the whole kit: each step is an `mgw` process, whose start (its imports) is most of a
# step's time and grows with the machine's load, so one test for every case grew with each case the kit gained and a
# loaded run passed the test timeout; a case is a handful of steps, and xdist spreads the cases over its workers.
@pytest.mark.parametrize("case", shipped_client_cases(), ids=lambda case: str(case["id"]))
def test_mgw_ends_every_kit_case_as_the_kit_says(
    run_mgw: Any, scripted: ScriptedGateway, tmp_path: Path, case: dict[str, Any]
) -> None:
    refused_by_ledger: list[str] = []
    ledger = tmp_path / f"{case['id']}.db"
    Ledger.migrate(f"sqlite:///{ledger}")
    env = {
        "MGW_ENV": "local",
        "MGW_BASE_URL": f"{scripted.url}/base",
        "MGW_APPS_URL": f"{scripted.url}/apps",
        "MGW_AUTH_URL": f"{scripted.url}/auth",
        "MGW_MERCHANT_ID": case["merchant"],
        "MGW_SALT_KEY": "kit-clients-salt",
        "MGW_SALT_INDEX": "1",
        "MGW_LEDGER_URL": f"sqlite:///{ledger}",
    }
    for n, step in enumerate(case["steps"]):
        where = f"{case['id']} step {n} ({step['call']})"
        txn, expect = step_transaction(step), step["expect"]
        scripted.script(step["answer"], RETRIES_ANSWERED)
        before = len(scripted.seen)
        done = run_mgw(*_argv(step), env=env)
        lines = done.stdout.strip().splitlines()
        assert lines, (where, done.returncode, done.stderr[-2000:])
        doc = json.loads(lines[-1])
        mine = scripted.sent_for(txn, before)
        posts = [s for s in mine if s.method == "POST"]
        others = [s for s in scripted.seen[before:] if s.transaction_id != txn]
        assert others == [], (where, others)  # nothing but the step's own transaction is asked about
        outcome = expect["outcome"]
        if outcome != "refused" and done.returncode == 2 and step["call"] != "getTransactionStatus":
            assert doc["error"] == "invalid_input", (where, doc)
            assert mine == [], (where, mine)  # the ledger refused it before anything was sent
            refused_by_ledger.append(f"{where}: {doc['message'][:80]}")
            continue
        assert done.returncode == EXIT[outcome], (where, done.returncode, doc)
        if step["call"] == "getTransactionStatus":
            assert len(mine) >= (1 if expect["sent"] else 0), (where, mine)
        else:
            assert len(posts) == (1 if expect["sent"] else 0), (where, posts)
        if outcome in ERROR_KIND:
            kinds = {ERROR_KIND[outcome]} | ({"amount_mismatch"} if outcome == "unreadable" else set())
            assert doc["ok"] is False, (where, doc)
            assert doc["error"] in kinds, (where, doc)  # unreadable: another amount is named as such
        if outcome in ("failed", "rejected"):
            assert doc["ok"] is False, (where, doc)
            assert doc["error"] not in ERROR_KIND.values(), (where, doc)
        if outcome not in ("refused", "accepted") and doc.get("error") != "amount_mismatch":
            assert doc.get("code") == expect["code"], (where, doc)
        if outcome == "accepted":
            assert (doc["ok"], doc["state"]) == (True, "awaiting_payment"), (where, doc)
        if outcome == "pending":
            assert (doc["ok"], doc["final"]) == (True, False), (where, doc)
        if outcome in ("succeeded", "unconfirmed"):
            assert (doc["ok"], doc["verdict"]) == (True, outcome), (where, doc)
        if "leads_with" in expect:
            assert doc["message"].startswith(expect["leads_with"]), (where, doc["message"])
    # the ledger refuses more than the bare client only for refunds it still holds or ids it already used
    assert all("refundV4" in r for r in refused_by_ledger), refused_by_ledger
