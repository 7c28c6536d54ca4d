"""What every variant sends and receives: credentials, canned answers, and "raw" implementations that do the same
work as Gateway by hand (payload model -> base64 wrapping -> X-VERIFY -> send -> JSON -> generated model)."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

# types only: at run time the models are imported where they are used, so bench.server (which imports this
# module for its canned answers) loads neither httpx nor the package
if TYPE_CHECKING:
    import httpx
    from merchant_gateway_client.models import DebitPayload, DebitV4Response, TransactionStatusResponse

# What a variant that takes our payload model is called through: its status call and its debit call.
SyncCalls = tuple[Callable[[str], object], Callable[["DebitPayload"], object]]
AsyncCalls = tuple[Callable[[str], Awaitable[object]], Callable[["DebitPayload"], Awaitable[object]]]

MERCHANT_ID = "MERCHANTUAT"
SALT_KEY = "099eb0cd-02cf-4e2a-8aca-3e6c6aff0399"
SALT_INDEX = "1"
BASE_PREFIX = "/apis/pg-sandbox"
APPS_PREFIX = "/apis/apps"
AUTH_PREFIX = "/apis/identity-manager"
AMOUNT = 10_000
USER = "U123456789"


def txn_id(i: int) -> str:
    return f"TX{i:012d}"


def status_answer(transaction_id: str) -> bytes:
    return json.dumps(
        {
            "success": True,
            "code": "PAYMENT_SUCCESS",
            "message": "Your payment is successful.",
            "data": {
                "transactionId": transaction_id,
                "merchantId": MERCHANT_ID,
                "amount": AMOUNT,
                "providerReferenceId": "P2301011200000000001",
                "paymentState": "COMPLETED",
                "payResponseCode": "SUCCESS",
            },
        },
        separators=(",", ":"),
    ).encode()


DEBIT_ANSWER = json.dumps(
    {
        "success": True,
        "code": "SUCCESS",
        "message": "Your request has been successfully completed.",
        "data": {"redirectType": "WEB", "redirectURL": "https://mercury-uat.example/transact?token=abc123"},
    },
    separators=(",", ":"),
).encode()


def answer_for(path: str) -> bytes:
    """Canned answer of the minimal servers for a request path (ours, phonepe's /pg/v1 and the apps host)."""
    if path.endswith("/status"):
        parts = path.rstrip("/").split("/")
        return status_answer(parts[-2])
    if "/pg/v1/status/" in path:
        return status_answer(path.rstrip("/").split("/")[-1])
    return DEBIT_ANSWER


def sign(message: str) -> str:
    return hashlib.sha256((message + SALT_KEY).encode("utf-8")).hexdigest() + "###" + SALT_INDEX


def status_path(transaction_id: str) -> tuple[str, str]:
    """(URL path under the base prefix, signing path)."""
    url = f"/v3/transaction/{quote(MERCHANT_ID, safe='')}/{quote(transaction_id, safe='')}/status"
    return url, f"/v3/transaction/{MERCHANT_ID}/{transaction_id}/status"


def debit_payload(i: int) -> DebitPayload:
    from merchant_gateway_client.models import DebitPayload

    return DebitPayload(merchant_id=MERCHANT_ID, transaction_id=txn_id(i), amount=AMOUNT, merchant_user_id=USER)


def wrap(wire: dict[str, Any]) -> str:
    return base64.b64encode(json.dumps(wire, separators=(",", ":"), ensure_ascii=False).encode("utf-8")).decode()


# --- raw httpx, written by hand ------------------------------------------------------------------------------------


class _RawWork:
    """What every raw client shares: the base URL and the generated models it parses the answers into."""

    def __init__(self, origin: str) -> None:
        from merchant_gateway_client.models import DebitV4Response, TransactionStatusResponse

        self.base = origin + BASE_PREFIX
        self._status_cls = TransactionStatusResponse
        self._debit_cls = DebitV4Response


class RawHttpx(_RawWork):
    """What a merchant would write with httpx alone; parses into the same generated models."""

    def __init__(self, client: httpx.Client, origin: str) -> None:
        super().__init__(origin)
        self.client = client

    def status(self, transaction_id: str) -> TransactionStatusResponse:
        url, signing = status_path(transaction_id)
        r = self.client.get(self.base + url, headers={"X-VERIFY": sign(signing)})
        if r.status_code != 200:
            raise RuntimeError(f"HTTP {r.status_code}")
        return self._status_cls.from_dict(r.json())

    def debit(self, payload: DebitPayload) -> DebitV4Response:
        encoded = wrap(payload.to_dict())
        r = self.client.post(
            self.base + "/v4/debit/",
            json={"request": encoded},
            headers={"X-VERIFY": sign(encoded + "/v4/debit"), "X-CALL-MODE": "POST"},
        )
        if r.status_code != 200:
            raise RuntimeError(f"HTTP {r.status_code}")
        return self._debit_cls.from_dict(r.json())


class RawHttpxAsync(_RawWork):
    """:class:`RawHttpx` on httpx.AsyncClient."""

    def __init__(self, client: httpx.AsyncClient, origin: str) -> None:
        super().__init__(origin)
        self.client = client

    async def status(self, transaction_id: str) -> TransactionStatusResponse:
        url, signing = status_path(transaction_id)
        r = await self.client.get(self.base + url, headers={"X-VERIFY": sign(signing)})
        if r.status_code != 200:
            raise RuntimeError(f"HTTP {r.status_code}")
        return self._status_cls.from_dict(r.json())

    async def debit(self, payload: DebitPayload) -> DebitV4Response:
        encoded = wrap(payload.to_dict())
        r = await self.client.post(
            self.base + "/v4/debit/",
            json={"request": encoded},
            headers={"X-VERIFY": sign(encoded + "/v4/debit"), "X-CALL-MODE": "POST"},
        )
        if r.status_code != 200:
            raise RuntimeError(f"HTTP {r.status_code}")
        return self._debit_cls.from_dict(r.json())


class RawUrllib3(_RawWork):
    """The same by hand over urllib3's pool (the speed to beat for the sync transport)."""

    def __init__(self, origin: str) -> None:
        import urllib3

        super().__init__(origin)
        self.pool = urllib3.PoolManager(maxsize=10)

    def status(self, transaction_id: str) -> TransactionStatusResponse:
        url, signing = status_path(transaction_id)
        r = self.pool.request("GET", self.base + url, headers={"X-VERIFY": sign(signing)})
        if r.status != 200:
            raise RuntimeError(f"HTTP {r.status}")
        return self._status_cls.from_dict(json.loads(r.data))

    def debit(self, payload: DebitPayload) -> DebitV4Response:
        encoded = wrap(payload.to_dict())
        body = json.dumps({"request": encoded}, separators=(",", ":")).encode()
        r = self.pool.request(
            "POST",
            self.base + "/v4/debit/",
            body=body,
            headers={
                "X-VERIFY": sign(encoded + "/v4/debit"),
                "X-CALL-MODE": "POST",
                "Content-Type": "application/json",
            },
        )
        if r.status != 200:
            raise RuntimeError(f"HTTP {r.status}")
        return self._debit_cls.from_dict(json.loads(r.data))

    def close(self) -> None:
        self.pool.clear()


def gateway_settings(origin: str) -> dict[str, Any]:
    return {
        "merchant_id": MERCHANT_ID,
        "salt_key": SALT_KEY,
        "salt_index": SALT_INDEX,
        "base_url": origin + BASE_PREFIX,
        "apps_url": origin + APPS_PREFIX,
        "auth_url": origin + AUTH_PREFIX,
    }


def normalize(result: object) -> dict[str, Any]:
    """Wire dict of a typed result (generated attrs model, openapi-generator pydantic model or plain dict)."""
    if isinstance(result, dict):
        return result
    # duck-typed across two libraries' models, one of them (openapi-generator's, generated at bench time) untyped
    model: Any = result
    to_dict = model.to_dict
    try:
        wire: dict[str, Any] = to_dict()  # attrs models (wire names)
    except TypeError:
        wire = model.model_dump(by_alias=True, exclude_none=True)
    return wire


@contextlib.contextmanager
def quiet_library_log(level: int) -> Iterator[None]:
    """The library's logger at ``level`` while a section runs (its expected give-up lines would flood the output),
    restored after, so a section run inside a test process leaves logging as it found it."""
    import logging

    log = logging.getLogger("merchant_gateway")
    before = log.level
    log.setLevel(level)
    try:
        yield
    finally:
        log.setLevel(before)


def child_env(root: Path) -> dict[str, str]:
    """The environment of a bench child process: the bench package importable from ``root``, in front of whatever
    PYTHONPATH the run was given (a run against another checkout puts its packages there)."""
    given = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), given] if given else [str(root)])}
