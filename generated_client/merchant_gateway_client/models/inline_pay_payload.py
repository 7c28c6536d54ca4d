# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.card_payment_source import CardPaymentSource
    from ..models.upi_payment_source import UpiPaymentSource
    from ..models.wallets_payment_source import WalletsPaymentSource


T = TypeVar("T", bound="InlinePayPayload")


@_attrs_define
class InlinePayPayload:
    """Inline pay payload (`/v3/merchant/inline/pay`, POST and GET). merchantUserId or userAuthToken is
    required (stated with `if`/`then` in this schema and listed in `x-field-rules`; whether both may be
    sent together is not shown).
    mobileNumber is required on the POST (direct debit) variant only: that rule is the inlinePay
    operation's `x-field-rules` (one payload schema serves both variants).

        Attributes:
            merchant_id (str): Id assigned to the merchant.
            transaction_id (str): Merchant-generated unique transaction id; length < 38 characters. Limited by this project
                to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes
                into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character
                could make the payment unreadable.
            amount (int): Amount in paise (integer, Long).
            payment_sources (list[CardPaymentSource | UpiPaymentSource | WalletsPaymentSource]): Selected instruments.
            merchant_user_id (str | Unset): User id (one of merchantUserId and userAuthToken is required).
            user_auth_token (str | Unset): Token generated when linking (one of merchantUserId and userAuthToken is
                required).
            merchant_order_id (str | Unset): Merchant's order id; length < 48 characters.
            mobile_number (str | Unset): Required on the POST (direct debit) variant.
            device_id (str | Unset): Encrypted device id collected from the Android app; for UPI inline requests.
    """

    merchant_id: str
    transaction_id: str
    amount: int
    payment_sources: list[CardPaymentSource | UpiPaymentSource | WalletsPaymentSource]
    merchant_user_id: str | Unset = UNSET
    user_auth_token: str | Unset = _attrs_field(default=UNSET, repr=False)
    merchant_order_id: str | Unset = UNSET
    mobile_number: str | Unset = UNSET
    device_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.card_payment_source import CardPaymentSource  # noqa: PLC0415
        from ..models.wallets_payment_source import WalletsPaymentSource  # noqa: PLC0415

        merchant_id = self.merchant_id

        transaction_id = self.transaction_id

        amount = self.amount

        payment_sources = []
        for payment_sources_item_data in self.payment_sources:
            payment_sources_item: dict[str, Any]
            if isinstance(payment_sources_item_data, CardPaymentSource):
                payment_sources_item = payment_sources_item_data.to_dict()
            elif isinstance(payment_sources_item_data, WalletsPaymentSource):
                payment_sources_item = payment_sources_item_data.to_dict()
            else:
                payment_sources_item = payment_sources_item_data.to_dict()

            payment_sources.append(payment_sources_item)

        merchant_user_id = self.merchant_user_id

        user_auth_token = self.user_auth_token

        merchant_order_id = self.merchant_order_id

        mobile_number = self.mobile_number

        device_id = self.device_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        field_dict["transactionId"] = transaction_id
        if merchant_user_id is not UNSET:
            field_dict["merchantUserId"] = merchant_user_id
        if user_auth_token is not UNSET:
            field_dict["userAuthToken"] = user_auth_token
        field_dict["amount"] = amount
        if merchant_order_id is not UNSET:
            field_dict["merchantOrderId"] = merchant_order_id
        field_dict["paymentSources"] = payment_sources
        if mobile_number is not UNSET:
            field_dict["mobileNumber"] = mobile_number
        if device_id is not UNSET:
            field_dict["deviceId"] = device_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_payment_source import CardPaymentSource  # noqa: PLC0415
        from ..models.upi_payment_source import UpiPaymentSource  # noqa: PLC0415
        from ..models.wallets_payment_source import WalletsPaymentSource  # noqa: PLC0415

        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        transaction_id = d.pop("transactionId")

        amount = d.pop("amount")

        payment_sources = []
        _payment_sources = d.pop("paymentSources")
        for payment_sources_item_data in _payment_sources:

            def _parse_payment_sources_item(
                data: object,
            ) -> CardPaymentSource | UpiPaymentSource | WalletsPaymentSource:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_payment_source_type_0 = CardPaymentSource.from_dict(data)

                    return componentsschemas_payment_source_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_payment_source_type_1 = WalletsPaymentSource.from_dict(data)

                    return componentsschemas_payment_source_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_payment_source_type_2 = UpiPaymentSource.from_dict(data)

                return componentsschemas_payment_source_type_2

            payment_sources_item = _parse_payment_sources_item(payment_sources_item_data)

            payment_sources.append(payment_sources_item)

        merchant_user_id = d.pop("merchantUserId", UNSET)

        user_auth_token = d.pop("userAuthToken", UNSET)

        merchant_order_id = d.pop("merchantOrderId", UNSET)

        mobile_number = d.pop("mobileNumber", UNSET)

        device_id = d.pop("deviceId", UNSET)

        inline_pay_payload = cls(
            merchant_id=merchant_id,
            transaction_id=transaction_id,
            amount=amount,
            payment_sources=payment_sources,
            merchant_user_id=merchant_user_id,
            user_auth_token=user_auth_token,
            merchant_order_id=merchant_order_id,
            mobile_number=mobile_number,
            device_id=device_id,
        )

        inline_pay_payload.additional_properties = d
        return inline_pay_payload

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
