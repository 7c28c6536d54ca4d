"""OTP linking, wallet balance, payment options, unlink, SSO, the token call."""

from __future__ import annotations

from tests.support.sandbox import MERCHANT, Gateway


def send_otp(gw: Gateway, mobile: str = "9000000001") -> str:
    resp = gw.post_signed("/v3/merchant/otp/send", {"merchantId": MERCHANT, "mobileNumber": mobile})
    assert resp.status_code == 200, resp.text
    assert resp.json()["code"] == "SUCCESS"
    return resp.json()["data"]["otpToken"]  # type: ignore[no-any-return]


def verify(gw: Gateway, token: str, otp: str = "123456"):  # type: ignore[no-untyped-def]
    return gw.post_signed("/v3/merchant/otp/verify", {"merchantId": MERCHANT, "otpToken": token, "otp": otp})


def link(gw: Gateway, mobile: str = "9000000001") -> str:
    resp = verify(gw, send_otp(gw, mobile))
    assert resp.json()["code"] == "SUCCESS", resp.text
    return resp.json()["data"]["userAuthToken"]  # type: ignore[no-any-return]


def code(resp) -> str:  # type: ignore[no-untyped-def]
    return resp.json()["code"]  # type: ignore[no-any-return]


def test_otp_flow_and_errors(gw: Gateway) -> None:
    token = send_otp(gw)
    assert gw.control("GET", f"/_sandbox/otp/{token}").json()["otp"] == "123456"
    assert code(verify(gw, "unknown-token")) == "INVALID_OTP_TOKEN"
    assert code(verify(gw, token, "000000")) == "OTP_VERIFY_FAILED"
    ok = verify(gw, token)
    assert code(ok) == "SUCCESS"
    assert ok.json()["data"]["merchantId"] == MERCHANT
    assert ok.json()["data"]["userAuthToken"]
    assert code(verify(gw, token)) == "OTP_ALREADY_VERIFIED"

    older = send_otp(gw, "9000000002")
    newer = send_otp(gw, "9000000002")
    assert code(verify(gw, older)) == "INVALID_OTP_TOKEN"  # only the latest otpToken counts
    gw.advance(601)
    assert code(verify(gw, newer)) == "OTP_EXPIRED"


def test_otp_limit_and_blocked_users(gw: Gateway) -> None:
    for _ in range(5):
        send_otp(gw, "9000000003")
    resp = gw.post_signed("/v3/merchant/otp/send", {"merchantId": MERCHANT, "mobileNumber": "9000000003"})
    assert resp.status_code == 400
    assert code(resp) == "OTP_LIMIT_EXCEEDED"
    for mobile, expected in (("9999900001", "USER_BLACKLISTED"), ("9999900002", "USER_BLOCKED")):
        resp = gw.post_signed("/v3/merchant/otp/send", {"merchantId": MERCHANT, "mobileNumber": mobile})
        assert code(resp) == expected


def test_balance_options_instant_debit_unlink(gw: Gateway) -> None:
    uat = link(gw)
    balance = gw.get_signed(f"/v3/account/token/{MERCHANT}/{uat}/debit/suggest")
    assert code(balance) == "SUCCESS"
    assert balance.json()["data"]["wallet"]["state"] == "ACTIVATED"

    options = gw.post_signed(
        "/v3/merchant/payment/options", {"merchantId": MERCHANT, "userAuthToken": uat, "amount": 1}
    )
    assert code(options) == "SUCCESS"
    assert options.json()["data"]["wallets"]["enabled"] is True

    instant = {
        "merchantId": MERCHANT,
        "transactionId": "TXINST",
        "amount": 700,
        "mobileNumber": "9000000001",
        "merchantOrderId": "OD1",
        "userAuthToken": uat,
    }
    resp = gw.post_signed("/v3/debit/instant", instant)
    assert resp.status_code == 200
    assert code(resp) == "PAYMENT_PENDING"
    assert resp.json()["data"]["status"] == "PENDING"
    gw.advance(5)
    assert code(gw.status("TXINST")) == "PAYMENT_SUCCESS"

    unlinked = gw.post_signed("/v3/merchant/token/unlink", {"merchantId": MERCHANT, "userAuthToken": uat})
    assert code(unlinked) == "SUCCESS"
    assert unlinked.json()["data"]["userAuthToken"] == uat
    # the token stops working everywhere
    assert code(gw.get_signed(f"/v3/account/token/{MERCHANT}/{uat}/debit/suggest")) == "INVALID_USER_AUTH_TOKEN"
    instant["transactionId"] = "TXINST2"
    assert code(gw.post_signed("/v3/debit/instant", instant)) == "INVALID_USER_AUTH_TOKEN"
    again = gw.post_signed("/v3/merchant/token/unlink", {"merchantId": MERCHANT, "userAuthToken": uat})
    assert code(again) == "INVALID_USER_AUTH_TOKEN"
    debit = {"merchantId": MERCHANT, "transactionId": "TXD", "userAuthToken": uat, "amount": 100}
    assert code(gw.post_signed("/v3/debit", debit)) == "INVALID_USER_AUTH_TOKEN"


def test_wallet_balance_for_unknown_merchant(gw: Gateway) -> None:
    resp = gw.get_signed("/v3/account/token/OTHER/tok/debit/suggest")
    assert code(resp) == "MERCHANT_USER_NOT_FOUND"
    assert resp.json()["data"]["wallet"] == {}


def test_payment_options_user_not_found(gw: Gateway) -> None:
    """The sandbox's test user NOTONPLATFORM cannot be resolved (sandbox/README.md, test values)."""
    payload = {"merchantId": MERCHANT, "merchantUserId": "NOTONPLATFORM", "amount": 1}
    resp = gw.post_signed("/v3/merchant/payment/options", payload)
    assert code(resp) == "USER_NOT_FOUND"


def test_sso(gw: Gateway) -> None:
    grant = gw.control("POST", "/_sandbox/sso/grant-token", json={"name": "Asha", "phoneNumber": "9000000009"}).json()
    assert grant["expiryInSeconds"] > 0
    headers = {"X-CLIENT-ID": MERCHANT}
    resp = gw.post_signed("/v3/service/auth/access", {"grantToken": grant["grantToken"]}, host="apps", headers=headers)
    assert code(resp) == "SUCCESS", resp.text
    access = resp.json()["data"]
    assert access["expiresInSeconds"] == 3600
    # a grant token works once
    reused = gw.post_signed(
        "/v3/service/auth/access", {"grantToken": grant["grantToken"]}, host="apps", headers=headers
    )
    assert code(reused) == "UNAUTHORIZED"
    details = gw.get_signed(
        "/v3/service/userdetails", host="apps", **{"X-CLIENT-ID": MERCHANT, "X-ACCESS-TOKEN": access["accessToken"]}
    )
    assert details.json()["data"]["name"] == "Asha"
    assert details.json()["data"]["phoneNumber"] == "9000000009"
    assert details.json()["data"]["isEmailVerified"] is True
    wrong = gw.get_signed("/v3/service/userdetails", host="apps", **{"X-CLIENT-ID": MERCHANT, "X-ACCESS-TOKEN": "x"})
    assert code(wrong) == "UNAUTHORIZED"
    missing = gw.get_signed("/v3/service/userdetails", host="apps", **{"X-CLIENT-ID": MERCHANT})
    assert code(missing) == "BAD_REQUEST"
    assert "X-ACCESS-TOKEN" in missing.json()["message"]
    gw.advance(3601)
    expired = gw.get_signed(
        "/v3/service/userdetails", host="apps", **{"X-CLIENT-ID": MERCHANT, "X-ACCESS-TOKEN": access["accessToken"]}
    )
    assert code(expired) == "UNAUTHORIZED"


def test_token_call(gw: Gateway, running) -> None:  # type: ignore[no-untyped-def]
    form = {
        "client_id": "SANDBOXCLIENT",
        "client_version": "1",
        "client_secret": "sandbox-secret",
        "grant_type": "client_credentials",
    }
    resp = gw.http.post(gw.auth_url + "/v1/oauth/token", data=form)
    assert resp.status_code == 200, resp.text
    token = resp.json()
    assert token["token_type"] == "O-Bearer"
    assert token["expires_in"] is None
    now = int(running.clock.now())
    assert token["issued_at"] == now
    assert token["expires_at"] == now + 3600 == token["session_expires_at"]
    bad = gw.http.post(gw.auth_url + "/v1/oauth/token", data=form | {"client_secret": "wrong"})
    assert bad.status_code == 401
    missing = gw.http.post(gw.auth_url + "/v1/oauth/token", data={"client_id": "SANDBOXCLIENT"})
    assert missing.status_code == 400
    assert "client_version" in missing.json()["message"]
