"""A refund above what is left of a payment, from the shell: with a ledger it is refused before sending, with a
line that leads with EXCESS_REFUND_AMOUNT and says how much is left; without one the gateway answers
EXCESS_REFUND_AMOUNT (judged unknown by the spec's rule) and the line leads with that reason, not only "outcome
unknown". Run as a person runs `mgw` (a subprocess) against the sandbox."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

MERCHANT = "EXCESSMERCHANT"
SALT = "excess-salt-3d90"
ROOT = Path(__file__).resolve().parents[3]
_ids = itertools.count()


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=0.2) as running:
        yield running


@pytest.fixture
def env(sandbox: Any, env_for: Callable[..., dict[str, str]]) -> dict[str, str]:
    # this checkout's packages, whatever the environment has installed
    paths = os.pathsep.join(str(ROOT / p) for p in ("generated_client", "overlays", "sandbox"))
    return env_for(sandbox, MERCHANT, SALT, PYTHONPATH=paths)


def seen(sandbox: Any, txn: str) -> bool:
    return httpx.get(f"{sandbox.origin}/_sandbox/transactions/{MERCHANT}/{txn}", timeout=10).status_code == 200


def paid_and_refunded(run_mgw: Any, env: dict[str, str], name: str) -> str:
    """A payment of 100 paise, settled, and a first refund of 60 of it, settled."""
    pay = f"{name}P{next(_ids)}"
    assert run_mgw("pay", "--amount", "100", "--transaction-id", pay, env=env).returncode == 0
    wait = ("--wait", "--poll-every", "0.1", "--deadline", "30")
    done = run_mgw("status", pay, "--expected-amount", "100", *wait, env=env)
    assert "PAYMENT_SUCCESS" in done.stdout, done.stdout + done.stderr
    first = run_mgw("refund", "--original", pay, "--amount", "60", "--transaction-id", f"{pay}R1", env=env)
    assert first.returncode == 0, first.stdout + first.stderr
    settled = run_mgw("status", f"{pay}R1", "--expected-amount", "60", *wait, env=env)
    assert settled.returncode == 0, settled.stdout + settled.stderr
    return pay


def test_with_a_ledger_the_second_refund_is_refused_before_sending(
    run_mgw: Any, env: dict[str, str], sandbox: Any, tmp_path: Path
) -> None:
    env = {**env, "MGW_LEDGER_URL": f"sqlite:///{tmp_path}/ledger.db"}
    migrate = run_mgw("ledger", "migrate", env=env)  # a ledger needs its schema once, where migrations exist
    assert migrate.returncode in (0, 2), migrate.stdout + migrate.stderr
    pay = paid_and_refunded(run_mgw, env, "LDG")
    second = run_mgw("refund", "--original", pay, "--amount", "60", "--transaction-id", f"{pay}R2", env=env)
    assert second.returncode == 2, second.stdout + second.stderr
    line = second.stderr.strip().splitlines()[-1]
    assert "EXCESS_REFUND_AMOUNT: a refund of 60 paise would take the refunds of payment" in line
    assert line.index("EXCESS_REFUND_AMOUNT") < 20  # it leads
    assert "Refund at most 40 paise" in line
    assert not seen(sandbox, f"{pay}R2")  # nothing was sent


def test_without_a_ledger_the_gateways_answer_leads_with_its_reason(
    run_mgw: Any, env: dict[str, str], sandbox: Any
) -> None:
    pay = paid_and_refunded(run_mgw, env, "GW")
    second = run_mgw("refund", "--original", pay, "--amount", "60", "--transaction-id", f"{pay}R2", env=env)
    assert second.returncode == 3, second.stdout + second.stderr  # outcome unknown: the spec's rule for it
    line = second.stderr.strip().splitlines()[-1]
    assert "EXCESS_REFUND_AMOUNT: the gateway says the refund's amount is above the payment" in line
    assert line.index("EXCESS_REFUND_AMOUNT") < 20
    assert "learn the status of the refunds made for this payment before anything else" in line
    assert line.index("EXCESS_REFUND_AMOUNT") < line.index("outcome unknown for")
