"""Credentials of the flow tests' sandbox (test values, not secrets of any real merchant)."""

MERCHANT = "FLOWMERCHANT"
SALT = "flow-salt-7c1e"


def judged(txn: str, code: str, amount: int | None = None, expected: int | None = None) -> object:
    """A StatusSnapshot as the status flow makes one: the answer judged by merchant_gateway.verdicts (an honest
    answer: this transaction, the given amount; ``expected`` defaults to that amount)."""
    from merchant_gateway.flows.status import snapshot_of
    from merchant_gateway_client.models import TransactionStatusResponse

    data: dict[str, object] = {"transactionId": txn, "merchantId": MERCHANT}
    if amount is not None:
        data["amount"] = amount
    ok = code in ("PAYMENT_SUCCESS", "PAYMENT_PENDING")
    answer = TransactionStatusResponse.from_dict({"success": ok, "code": code, "message": "m", "data": data})
    return snapshot_of(answer, txn, amount if expected is None else expected)


def expected_default_offsets() -> list[float]:
    """The published schedule's check moments (seconds after the start), written out from the public reference
    independently of PollSchedule's loop."""
    offsets = [20.0]
    offsets += [20.0 + 3 * i for i in range(1, 11)]  # every 3 s for 30 s -> 50
    offsets += [50.0 + 6 * i for i in range(1, 11)]  # every 6 s for 60 s -> 110
    offsets += [110.0 + 10 * i for i in range(1, 7)]  # every 10 s for 60 s -> 170
    offsets += [170.0 + 30 * i for i in range(1, 3)]  # every 30 s for 60 s -> 230
    offsets += [230.0 + 60 * i for i in range(1, 12)]  # every minute -> 890
    offsets += [900.0]  # the 15-minute timeout is the last check
    return offsets
