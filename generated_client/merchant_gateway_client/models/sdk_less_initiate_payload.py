# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SdkLessInitiatePayload")


@_attrs_define
class SdkLessInitiatePayload:
    """SDK-less initiate payload.

    Attributes:
        merchant_id (str): Id assigned to the merchant.
        transaction_id (str): Merchant-generated unique transaction id; length < 38 characters. Limited by this project
            to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes
            into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character
            could make the payment unreadable.
        amount (int): Amount in paise (integer, Long).
        valid_for (int): Milliseconds for which the payment is valid.
        merchant_order_id (str): Merchant's order id; length < 48 characters.
        redirect_url (str): Where the user is sent after finishing on the payments page.
        transaction_context (str): Base64 of cart details typed by the request category (category tree maintained by the
            service). The cart details schema per category is not shown.
        sub_merchant_id (str | Unset): Only when told to send it.
    """

    merchant_id: str
    transaction_id: str
    amount: int
    valid_for: int
    merchant_order_id: str
    redirect_url: str
    transaction_context: str
    sub_merchant_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        transaction_id = self.transaction_id

        amount = self.amount

        valid_for = self.valid_for

        merchant_order_id = self.merchant_order_id

        redirect_url = self.redirect_url

        transaction_context = self.transaction_context

        sub_merchant_id = self.sub_merchant_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        if sub_merchant_id is not UNSET:
            field_dict["subMerchantId"] = sub_merchant_id
        field_dict["transactionId"] = transaction_id
        field_dict["amount"] = amount
        field_dict["validFor"] = valid_for
        field_dict["merchantOrderId"] = merchant_order_id
        field_dict["redirectUrl"] = redirect_url
        field_dict["transactionContext"] = transaction_context

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        transaction_id = d.pop("transactionId")

        amount = d.pop("amount")

        valid_for = d.pop("validFor")

        merchant_order_id = d.pop("merchantOrderId")

        redirect_url = d.pop("redirectUrl")

        transaction_context = d.pop("transactionContext")

        sub_merchant_id = d.pop("subMerchantId", UNSET)

        sdk_less_initiate_payload = cls(
            merchant_id=merchant_id,
            transaction_id=transaction_id,
            amount=amount,
            valid_for=valid_for,
            merchant_order_id=merchant_order_id,
            redirect_url=redirect_url,
            transaction_context=transaction_context,
            sub_merchant_id=sub_merchant_id,
        )

        sdk_less_initiate_payload.additional_properties = d
        return sdk_less_initiate_payload

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
