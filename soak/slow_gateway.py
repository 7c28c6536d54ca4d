"""How long a slow gateway holds a customer's checkout: the figure docs/operations.md ("Timings") gives.

    .venv/bin/python soak/slow_gateway.py [--timeouts 3,6]

A measurement, not a test (it waits in real time): for each client timeout, the embedded sandbox records the start
and answers it ``timeout + 3`` seconds late; the start with the ledger's observer raises OutcomeUnknown once the
client timeout has passed, and the ledger holds the payment as ``unknown`` (the reconciler settles it at its first
check). Prints one line per timeout.
"""

from __future__ import annotations

import argparse
import logging
import tempfile
import time
import warnings
from typing import Any

from merchant_gateway import Gateway, OutcomeUnknown
from merchant_gateway.ledger import Ledger
from merchant_gateway_sandbox import start_sandbox
from merchant_gateway_sandbox.faults import Fault

MERCHANT, SALT = "SLOWMERCHANT", "slow-salt-1"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeouts", default="3,6", help="client timeouts to measure, in seconds")
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # the sandbox's advice on a start without a redirect mode
    logging.getLogger("merchant_gateway").addHandler(logging.NullHandler())
    folder = tempfile.mkdtemp(prefix="mgw-slow-")
    with start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=1.0) as sb:
        for timeout in (float(x) for x in args.timeouts.split(",")):
            txn = f"SLOW{int(timeout * 10)}"
            sb.sandbox.faults.add(Fault(kind="delay", operation_id="debitV4Web", seconds=timeout + 3))
            settings: dict[str, Any] = {
                "merchant_id": MERCHANT,
                "salt_key": SALT,
                "salt_index": "1",
                "base_url": sb.base_url,
            }
            settings.update(apps_url=sb.apps_url, auth_url=sb.auth_url)
            Ledger.migrate(f"sqlite:///{folder}/{txn}.db")
            with (
                Ledger.open(f"sqlite:///{folder}/{txn}.db", timeout=timeout) as ledger,
                Gateway(**settings, timeout=timeout, observer=ledger.observer) as gw,
            ):
                began = time.monotonic()
                try:
                    gw.payments.start(
                        amount=100,
                        transaction_id=txn,
                        merchant_order_id="O1",
                        merchant_user_id="U1",
                        redirect_url="https://shop.example/return",
                    )
                    outcome = "answered"
                except OutcomeUnknown:
                    outcome = "OutcomeUnknown"
                held = time.monotonic() - began
                payment = ledger.get(txn, MERCHANT)
                state = payment.state if payment else "-"
            sb.sandbox.faults.clear()
            print(f"client timeout {timeout:g} s: {outcome} after {held:.2f} s; in the ledger: {state}")


if __name__ == "__main__":
    main()
