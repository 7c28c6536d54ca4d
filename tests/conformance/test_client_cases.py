"""The kit's whole-client cases (`clients`, tools/conformance/client_cases.py) replayed by the Python client end to
end: a Gateway (one attempt per call, so every answer is seen as it is) sends each step to a loopback server that
answers with the step's scripted bytes and records what arrived; each call must end as the kit says (verdict,
code, refused before sending or not, what the error begins with). clients/typescript/test/clients-kit.test.ts
replays the same cases with the TypeScript client."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from merchant_gateway import Gateway

from tests.support.scripted import ScriptedGateway, ends, gateway_settings


@pytest.fixture
def scripted() -> Iterator[ScriptedGateway]:
    gateway = ScriptedGateway()
    yield gateway
    gateway.close()


def test_the_kit_has_each_whole_client_case(kit: dict[str, Any]) -> None:
    ids = {c["id"] for c in kit["clients"]["cases"]}
    assert ids == {
        "refund-resent-under-its-id",
        "refund-above-its-payment",
        "refunds-held-against-their-payment",
        "the-gateways-excess-refund-amount",
        "rate-limits",
        "byte-order-mark-and-duplicate-keys",
        "refund-429-with-a-code-that-may-have-acted",
        "status-of-a-payment-this-client-sent",
        "status-against-the-callers-expected-amount",
    }


def test_the_python_client_ends_every_step_as_the_kit_says(
    kit: dict[str, Any], scripted: ScriptedGateway, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="merchant_gateway")
    for case in kit["clients"]["cases"]:
        settings = gateway_settings(case, scripted.url)
        with Gateway(**settings) as gw:
            for n, step in enumerate(case["steps"]):
                where = f"{case['id']} step {n} ({step['call']})"
                # the gateway gives every request of the step the same answer: a re-send would be seen
                scripted.script(step["answer"], case["attempts"])
                before = len(scripted.seen)
                got = ends(gw, step, caplog)
                expect = step["expect"]
                assert len(scripted.seen) - before == (1 if expect["sent"] else 0), where
                assert (got["outcome"], got["code"]) == (expect["outcome"], expect["code"]), (where, got)
                if "leads_with" in expect:
                    assert got["said"] is not None, where
                    assert got["said"].startswith(expect["leads_with"]), (where, got["said"])
