"""The Python verdict function walks the spec's ordered step list: one implementation per step id of the spec's
`x-verdict-rules` steps (merchant_gateway.verdicts.STEPS), walked in the spec's order (the generated STEP_IDS). A
step the spec adds without an implementation, or an implementation the spec does not list, fails here (and the
package refuses to load: walk_order raises). clients/typescript/test/verdicts.test.ts holds the TypeScript client to
the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from merchant_gateway import verdicts
from merchant_gateway_client.outcomes import STEP_IDS

from tests.support.spec import spec_document

ROOT = Path(__file__).resolve().parents[2]


def _spec_steps() -> list[str]:
    return [step["id"] for step in spec_document()["x-verdict-rules"]["steps"]]


def test_every_spec_step_has_one_implementation_and_every_implementation_a_spec_step() -> None:
    spec = _spec_steps()
    assert list(STEP_IDS) == spec  # the generated order is the spec's
    assert set(verdicts.STEPS) == set(spec), (
        f"not implemented: {sorted(set(spec) - set(verdicts.STEPS))}; "
        f"not in the spec: {sorted(set(verdicts.STEPS) - set(spec))}"
    )


def test_the_shipped_kit_lists_the_same_steps(kit: dict[str, Any]) -> None:
    shipped = json.loads((ROOT / "spec" / "conformance" / "kit.json").read_text(encoding="utf-8"))
    for doc in (kit, shipped):
        assert [s["id"] for s in doc["verdicts"]["rules"]["steps"]] == list(STEP_IDS)


def test_walk_order_refuses_a_step_without_implementation_and_an_implementation_without_step() -> None:
    assert len(verdicts.walk_order(STEP_IDS, verdicts.STEPS)) == len(STEP_IDS)
    with pytest.raises(LookupError, match=r"not implemented \['a-new-step'\]; not in the spec none"):
        verdicts.walk_order([*STEP_IDS, "a-new-step"], verdicts.STEPS)
    fewer = {k: v for k, v in verdicts.STEPS.items() if k != "time"}
    with pytest.raises(LookupError, match=r"not implemented \['time'\]; not in the spec none"):
        verdicts.walk_order(STEP_IDS, fewer)
    with pytest.raises(LookupError, match=r"not implemented none; not in the spec \['time'\]"):
        verdicts.walk_order([s for s in STEP_IDS if s != "time"], verdicts.STEPS)


def test_judge_walks_the_steps_in_the_given_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk follows STEP_IDS, not the code: with outcome-stands moved before the status checks, a success body
    on HTTP 404 stands (the spec's order puts status-needs-2xx first and makes it doubt)."""
    outcomes = verdicts.table("getTransactionStatus")
    answer = {"success": True, "code": "PAYMENT_PENDING", "data": {"transactionId": "T1"}}
    assert verdicts.judge(outcomes, status=404, answer=answer, expect=verdicts.Expect("T1")).rule == "status-needs-2xx"
    order = [s for s in STEP_IDS if s != "outcome-stands"]
    order.insert(order.index("outcome") + 1, "outcome-stands")
    monkeypatch.setattr(verdicts, "_WALK", verdicts.walk_order(order, verdicts.STEPS))
    moved = verdicts.judge(outcomes, status=404, answer=answer, expect=verdicts.Expect("T1"))
    assert (moved.rule, moved.verdict) == ("outcome-stands", verdicts.Verdict.PENDING)
