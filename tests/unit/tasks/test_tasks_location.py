"""debitV3's relative Location (issue 27): the interface document says it "is appended to the host" and calls
{base_url} the main service host. By default it is appended to the configured base URL, path prefix included;
``location_base="origin"`` (MGW_LOCATION_BASE=origin) appends it to the base URL's scheme and host alone. Both
against the sandbox, whose base URL has a path prefix (/apis/pg-sandbox) and which serves its payments page under
both, and the same answer over MockTransport with a gateway that has a deeper prefix."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from merchant_gateway import ConfigurationError, Gateway
from merchant_gateway.config import GatewayConfig

MERCHANT = "TASKMERCHANT"  # the sandbox of conftest.py
SALT = "task-salt-5d2a"


def env_of(sandbox: Any, **more: str) -> dict[str, str]:
    return {
        "MGW_MERCHANT_ID": MERCHANT,
        "MGW_SALT_KEY": SALT,
        "MGW_SALT_INDEX": "1",
        "MGW_BASE_URL": sandbox.base_url,
        "MGW_APPS_URL": sandbox.apps_url,
        "MGW_AUTH_URL": sandbox.auth_url,
        **more,
    }


def open_page(url: str) -> httpx.Response:
    page = httpx.get(url, timeout=10)
    assert page.status_code == 200, (url, page.status_code)
    assert "<form" in page.text, (url, page.status_code)
    return page


@pytest.mark.parametrize("setting", [None, "base_url"])
def test_by_default_the_location_is_appended_to_the_base_url_with_its_prefix(sandbox: Any, setting: str | None) -> None:
    assert sandbox.base_url.endswith("/apis/pg-sandbox")  # the difference below needs a path prefix
    with Gateway.from_env(env_of(sandbox, **({} if setting is None else {"MGW_LOCATION_BASE": setting}))) as gw:
        assert gw.config.location_base == "base_url"
        payment = gw.payments.start(
            amount=100, merchant_user_id="U1", redirect_url="https://s.example/r", operation="debitV3"
        )
    assert payment.payment_page_url.startswith(sandbox.base_url + "/_sandbox/pay/")
    open_page(payment.payment_page_url)


def test_origin_appends_the_location_to_the_scheme_and_host_alone(sandbox: Any) -> None:
    with Gateway.from_env(env_of(sandbox, MGW_LOCATION_BASE="origin")) as gw:
        assert gw.config.location_base == "origin"
        relative = gw.debit_v3(transaction_id="LOCORIGIN1", amount=100, merchant_user_id="U1")
        payment = gw.payments.start(
            amount=100, merchant_user_id="U1", redirect_url="https://s.example/r", operation="debitV3"
        )
    origin = sandbox.base_url.split("/apis/")[0]
    assert relative.startswith("/_sandbox/pay/")  # what the gateway sent: a path
    assert payment.payment_page_url.startswith(origin + "/_sandbox/pay/")
    assert "/apis/" not in payment.payment_page_url
    open_page(payment.payment_page_url)


@pytest.mark.parametrize(
    ("location_base", "location", "page"),
    [
        ("base_url", "/pay/PG1", "https://gw.example/api/pg/v1/pay/PG1"),
        ("origin", "/pay/PG1", "https://gw.example/pay/PG1"),
        ("base_url", "pay/PG1", "https://gw.example/api/pg/v1/pay/PG1"),
        ("origin", "pay/PG1", "https://gw.example/pay/PG1"),
        ("origin", "https://pages.example/pay/PG1", "https://pages.example/pay/PG1"),  # absolute: kept
        ("base_url", "https://pages.example/pay/PG1", "https://pages.example/pay/PG1"),
    ],
)
def test_the_two_readings_on_a_gateway_with_a_deeper_prefix(location_base: str, location: str, page: str) -> None:
    def gateway_answer(request: httpx.Request) -> httpx.Response:
        assert request.url.path == "/api/pg/v1/v3/debit"  # the request itself always goes to the base URL
        return httpx.Response(302, headers={"Location": location})

    with Gateway(
        merchant_id="M1",
        salt_key="s-1",
        salt_index="1",
        environment="sandbox",
        base_url="https://gw.example/api/pg/v1",
        apps_url="https://gw.example/apps",
        auth_url="https://gw.example/auth",
        location_base=location_base,
        transport=httpx.MockTransport(gateway_answer),
    ) as gw:
        payment = gw.payments.start(
            amount=100, merchant_user_id="U1", redirect_url="https://s.example/r", operation="debitV3"
        )
    assert payment.payment_page_url == page


def test_without_a_path_prefix_both_readings_agree() -> None:
    common = {"merchant_id": "M1", "salt_key": "s", "salt_index": "1", "base_url": "http://127.0.0.1:9/"}
    assert GatewayConfig(**common).location_root == "http://127.0.0.1:9"
    assert GatewayConfig(**common, location_base="origin").location_root == "http://127.0.0.1:9"


def test_another_value_names_the_variable_and_the_choices() -> None:
    with pytest.raises(ConfigurationError) as bad:
        GatewayConfig.from_env(
            {"MGW_MERCHANT_ID": "M1", "MGW_SALT_KEY": "s", "MGW_SALT_INDEX": "1", "MGW_LOCATION_BASE": "host"}
        )
    text = str(bad.value)
    assert "MGW_LOCATION_BASE" in text
    assert "must be one of base_url, origin (got 'host')" in text
