"""The task layer's own TypedDicts say at run time which keys are required, as mypy reads them: a run-time
validator (pydantic, typeguard) reads ``__required_keys__`` and ``__optional_keys__``, not the source."""

from __future__ import annotations

from merchant_gateway.tasks._models import SdkLessStartFields
from merchant_gateway.tasks.mobile import AppPaymentFields
from merchant_gateway_client.payloads import DebitV3PayloadOptional, InitiateSdkLessPaymentKeywords

SDK_HEADERS = {"callback_url", "call_mode", "provider_id"}  # the app payment's optional SDK headers


def test_the_app_payment_requires_only_the_amount_at_run_time() -> None:
    assert AppPaymentFields.__required_keys__ == {"amount"}
    assert AppPaymentFields.__optional_keys__ == DebitV3PayloadOptional.__optional_keys__ | SDK_HEADERS


def test_the_sdk_less_start_takes_sub_merchant_as_an_optional_alias_at_run_time() -> None:
    assert SdkLessStartFields.__required_keys__ == InitiateSdkLessPaymentKeywords.__required_keys__
    assert SdkLessStartFields.__optional_keys__ == InitiateSdkLessPaymentKeywords.__optional_keys__ | {"sub_merchant"}
