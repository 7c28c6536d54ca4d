"""The mobile SDK's signed payment request (merchant_gateway.tasks.mobile) as the app sends it is accepted by the
sandbox over real sockets: no gateway flavour is involved, so it is written once, sync."""

from __future__ import annotations

import base64
import json
from typing import Any

import httpx
from merchant_gateway.ids import new_transaction_id

from tests.support.flows import MERCHANT, SALT


def test_mobile_sdk_payload_is_accepted_by_the_sandbox(sandbox: Any) -> None:
    from merchant_gateway.tasks.mobile import app_debit_request

    txn = new_transaction_id()
    app = app_debit_request(
        {"merchantId": MERCHANT, "transactionId": txn, "merchantUserId": "U1", "amount": 100},
        salt_key=SALT,
        salt_index="1",
    )
    # the app would send exactly this; replay it as the app's SDK does
    resp = httpx.post(
        sandbox.base_url + app.api_endpoint,
        json={"request": app.body},
        headers={"X-VERIFY": app.checksum},
        follow_redirects=False,
        timeout=10,
    )
    assert resp.status_code == 302, resp.text
    assert json.loads(base64.b64decode(app.body or ""))["transactionId"] == txn
