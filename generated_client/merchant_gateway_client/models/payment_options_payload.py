# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PaymentOptionsPayload")


@_attrs_define
class PaymentOptionsPayload:
    """Payment options payload. merchantUserId or userAuthToken is required (stated with `if`/`then` in
    this schema and listed in `x-field-rules`; whether both may be sent together is not shown).

        Attributes:
            merchant_id (str): Id assigned to the merchant.
            amount (int): Amount in paise (integer, Long).
            merchant_user_id (str | Unset): User id (one of merchantUserId and userAuthToken is required).
            user_auth_token (str | Unset): Linking token (one of merchantUserId and userAuthToken is required).
            merchant_order_id (str | Unset): Merchant's order id; length < 48 characters.
    """

    merchant_id: str
    amount: int
    merchant_user_id: str | Unset = UNSET
    user_auth_token: str | Unset = _attrs_field(default=UNSET, repr=False)
    merchant_order_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        amount = self.amount

        merchant_user_id = self.merchant_user_id

        user_auth_token = self.user_auth_token

        merchant_order_id = self.merchant_order_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        if merchant_user_id is not UNSET:
            field_dict["merchantUserId"] = merchant_user_id
        if user_auth_token is not UNSET:
            field_dict["userAuthToken"] = user_auth_token
        field_dict["amount"] = amount
        if merchant_order_id is not UNSET:
            field_dict["merchantOrderId"] = merchant_order_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        amount = d.pop("amount")

        merchant_user_id = d.pop("merchantUserId", UNSET)

        user_auth_token = d.pop("userAuthToken", UNSET)

        merchant_order_id = d.pop("merchantOrderId", UNSET)

        payment_options_payload = cls(
            merchant_id=merchant_id,
            amount=amount,
            merchant_user_id=merchant_user_id,
            user_auth_token=user_auth_token,
            merchant_order_id=merchant_order_id,
        )

        payment_options_payload.additional_properties = d
        return payment_options_payload

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
