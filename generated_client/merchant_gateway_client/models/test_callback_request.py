# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TestCallbackRequest")


@_attrs_define
class TestCallbackRequest:
    """Test callback request (plain JSON, not wrapped).

    Attributes:
        merchant_id (str): Id assigned to the merchant.
        transaction_id (str): Merchant-generated unique transaction id; length < 38 characters. Limited by this project
            to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes
            into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character
            could make the payment unreadable.
        amount (int): Paise; must be greater than or equal to 1. Ambiguous minimum: the interface document also says
            "at least 1 rupee/100 paise"; send at least 100 to be safe under both readings.
    """

    merchant_id: str
    transaction_id: str
    amount: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        transaction_id = self.transaction_id

        amount = self.amount

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        field_dict["transactionId"] = transaction_id
        field_dict["amount"] = amount

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        transaction_id = d.pop("transactionId")

        amount = d.pop("amount")

        test_callback_request = cls(
            merchant_id=merchant_id,
            transaction_id=transaction_id,
            amount=amount,
        )

        test_callback_request.additional_properties = d
        return test_callback_request

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
