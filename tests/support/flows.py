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
