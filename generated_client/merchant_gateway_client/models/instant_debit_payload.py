# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="InstantDebitPayload")


@_attrs_define
class InstantDebitPayload:
    """Direct wallet debit payload (`/v3/debit/instant`). The sample also carries subMerchant and message.

    Attributes:
        merchant_id (str): Id assigned to the merchant.
        transaction_id (str): Merchant-generated unique transaction id; length < 38 characters. Limited by this project
            to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes
            into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character
            could make the payment unreadable.
        amount (int): Amount in paise (integer, Long).
        mobile_number (str): Number on which the OTP was sent.
        merchant_order_id (str): Merchant's order id; length < 48 characters.
        user_auth_token (str): From OTP verification.
        email (str | Unset):
        short_name (str | Unset):
        sub_merchant (str | Unset): Carried by the sample payload.
        message (str | Unset): Carried by the sample payload.
    """

    merchant_id: str
    transaction_id: str
    amount: int
    mobile_number: str
    merchant_order_id: str
    user_auth_token: str = _attrs_field(repr=False)
    email: str | Unset = UNSET
    short_name: str | Unset = UNSET
    sub_merchant: str | Unset = UNSET
    message: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        transaction_id = self.transaction_id

        amount = self.amount

        mobile_number = self.mobile_number

        merchant_order_id = self.merchant_order_id

        user_auth_token = self.user_auth_token

        email = self.email

        short_name = self.short_name

        sub_merchant = self.sub_merchant

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        field_dict["transactionId"] = transaction_id
        field_dict["amount"] = amount
        field_dict["mobileNumber"] = mobile_number
        field_dict["merchantOrderId"] = merchant_order_id
        field_dict["userAuthToken"] = user_auth_token
        if email is not UNSET:
            field_dict["email"] = email
        if short_name is not UNSET:
            field_dict["shortName"] = short_name
        if sub_merchant is not UNSET:
            field_dict["subMerchant"] = sub_merchant
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        transaction_id = d.pop("transactionId")

        amount = d.pop("amount")

        mobile_number = d.pop("mobileNumber")

        merchant_order_id = d.pop("merchantOrderId")

        user_auth_token = d.pop("userAuthToken")

        email = d.pop("email", UNSET)

        short_name = d.pop("shortName", UNSET)

        sub_merchant = d.pop("subMerchant", UNSET)

        message = d.pop("message", UNSET)

        instant_debit_payload = cls(
            merchant_id=merchant_id,
            transaction_id=transaction_id,
            amount=amount,
            mobile_number=mobile_number,
            merchant_order_id=merchant_order_id,
            user_auth_token=user_auth_token,
            email=email,
            short_name=short_name,
            sub_merchant=sub_merchant,
            message=message,
        )

        instant_debit_payload.additional_properties = d
        return instant_debit_payload

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
