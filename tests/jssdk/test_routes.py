"""The JS SDK routes without a browser: the sandbox's shim file, grant tokens and reservation states; the example
merchant's page and backend demo (client side, mounted on the sandbox)."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

SHIM = "/_sandbox/js/platform-sdk-shim.js"


def test_shim_is_served_as_a_module_with_cors(sandbox: Any) -> None:
    r = httpx.get(sandbox.origin + SHIM)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    assert r.headers["access-control-allow-origin"] == "*"
    assert "development shim, not the platform SDK" in r.text
    for name in ("export async function build", "export const Species", "proceedToPay", "fetchAuthToken"):
        assert name in r.text


def test_example_page_and_redirect(sandbox: Any) -> None:
    r = httpx.get(sandbox.origin + "/_sandbox/example?shim.location=fail")
    assert r.status_code == 307
    assert r.headers["location"] == "/_sandbox/example/?shim.location=fail"
    page = httpx.get(sandbox.origin + "/_sandbox/example/")
    assert page.status_code == 200
    assert "example.js" in page.text
    assert (
        httpx.get(sandbox.origin + "/_sandbox/example/example.js").headers["content-type"].startswith("text/javascript")
    )


def test_preflight_allows_cross_origin_pages(sandbox: Any) -> None:
    r = httpx.options(sandbox.origin + "/_sandbox/jssdk/grant-token")
    assert r.status_code == 204
    assert r.headers["access-control-allow-origin"] == "*"
    assert "Content-Type" in r.headers["access-control-allow-headers"]


def test_grant_token_is_accepted_by_the_sso_access_call(sandbox: Any) -> None:
    body = {"name": "Asha Rao", "phoneNumber": "9876500000", "primaryEmail": None}
    token = httpx.post(sandbox.origin + "/_sandbox/jssdk/grant-token", json=body).json()
    assert set(token) == {"grantToken", "expiryInSeconds"}
    assert token["expiryInSeconds"] > 0
    answer = httpx.post(sandbox.origin + "/_sandbox/example/api/sso", json={"grantToken": token["grantToken"]}).json()
    assert answer["ok"] is True
    assert answer["code"] == "SUCCESS"
    assert answer["user"]["name"] == "Asha Rao"
    assert answer["user"]["phoneNumber"] == "9876500000"
    assert "primaryEmail" not in answer["user"]  # not shared
    assert "accessToken" not in answer
    assert "AT-" not in str(answer)
    # a grant token is single use: the second exchange is refused by the gateway
    again = httpx.post(sandbox.origin + "/_sandbox/example/api/sso", json={"grantToken": token["grantToken"]}).json()
    assert again["ok"] is False
    assert again["code"] == "UNAUTHORIZED"


def reservation(sandbox: Any, ref: str) -> httpx.Response:
    return httpx.get(f"{sandbox.origin}/_sandbox/jssdk/reservations/{ref}")


def pay(sandbox: Any, **body: Any) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.post(sandbox.origin + "/_sandbox/example/api/pay", json=body).json()
    assert answer["ok"] is True, answer
    return answer


def test_reservation_states_and_status_check(sandbox: Any) -> None:
    init = pay(sandbox, amount=250)
    ref = init["reservationId"]
    assert init["redirectUrl"].endswith(f"/_sandbox/reservation/{ref}")
    r = reservation(sandbox, ref)
    assert r.json() == {"reservationId": ref, "state": "OPEN"}
    assert r.headers["access-control-allow-origin"] == "*"
    status = httpx.get(f"{sandbox.origin}/_sandbox/example/api/status/{init['transactionId']}").json()
    assert status["code"] == "PAYMENT_PENDING"
    settled = httpx.post(
        sandbox.origin + "/_sandbox/settle", json={"transactionId": init["transactionId"], "code": "PAYMENT_SUCCESS"}
    )
    assert settled.json()["changed"] is True
    assert reservation(sandbox, ref).json()["state"] == "CLOSED"
    assert "code" not in reservation(sandbox, ref).json()  # never the status: it is not shared client-side
    status = httpx.get(f"{sandbox.origin}/_sandbox/example/api/status/{init['transactionId']}").json()
    assert status["code"] == "PAYMENT_SUCCESS"
    assert status["amountMatches"] is True
    assert status["data"]["amount"] == 250


def test_expired_reservation(sandbox: Any) -> None:
    init = pay(sandbox, validForMs=200)
    deadline = time.monotonic() + 5
    while reservation(sandbox, init["reservationId"]).json()["state"] != "EXPIRED":
        assert time.monotonic() < deadline, "the reservation did not expire"
        time.sleep(0.05)


@pytest.mark.parametrize("ref", ["NO-SUCH-RESERVATION", "%20"])
def test_unknown_reservation_is_404(sandbox: Any, ref: str) -> None:
    assert reservation(sandbox, ref).status_code == 404


def test_backend_rejects_bad_input(sandbox: Any) -> None:
    r = httpx.post(sandbox.origin + "/_sandbox/example/api/pay", json={"amount": "100"}).json()
    assert r["ok"] is False
    assert r["code"] == "BAD_REQUEST"
    r = httpx.post(sandbox.origin + "/_sandbox/example/api/sso", json={}).json()
    assert r["ok"] is False
    assert r["code"] == "BAD_REQUEST"


def test_the_sandbox_alone_serves_no_merchant() -> None:
    """The example merchant is the client side's: a sandbox started without it serves the shim but no example."""
    from merchant_gateway_sandbox import start_sandbox

    with start_sandbox() as bare:
        assert httpx.get(bare.origin + SHIM).status_code == 200
        assert httpx.get(bare.origin + "/_sandbox/example/").status_code == 404
        assert httpx.post(bare.origin + "/_sandbox/example/api/pay", json={}).status_code in (404, 405)
