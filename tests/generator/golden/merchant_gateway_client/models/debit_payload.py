# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DebitPayload")


@_attrs_define
class DebitPayload:
    """
    Attributes:
        merchant_id (str):
        transaction_id (str):
        amount (int):
        merchant_user_id (str | Unset):
        merchant_order_id (str | Unset):
        message (str | Unset):
    """

    merchant_id: str
    transaction_id: str
    amount: int
    merchant_user_id: str | Unset = UNSET
    merchant_order_id: str | Unset = UNSET
    message: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        transaction_id = self.transaction_id

        amount = self.amount

        merchant_user_id = self.merchant_user_id

        merchant_order_id = self.merchant_order_id

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        field_dict["transactionId"] = transaction_id
        if merchant_user_id is not UNSET:
            field_dict["merchantUserId"] = merchant_user_id
        field_dict["amount"] = amount
        if merchant_order_id is not UNSET:
            field_dict["merchantOrderId"] = merchant_order_id
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        transaction_id = d.pop("transactionId")

        amount = d.pop("amount")

        merchant_user_id = d.pop("merchantUserId", UNSET)

        merchant_order_id = d.pop("merchantOrderId", UNSET)

        message = d.pop("message", UNSET)

        debit_payload = cls(
            merchant_id=merchant_id,
            transaction_id=transaction_id,
            amount=amount,
            merchant_user_id=merchant_user_id,
            merchant_order_id=merchant_order_id,
            message=message,
        )

        debit_payload.additional_properties = d
        return debit_payload

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
